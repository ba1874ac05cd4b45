import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, launchBrowser, loginViaUi, newPage, operatorToken, startServer } from './harness.js';

const T = { timeout: 60_000 };

async function createUser(baseUrl, token, username) {
  await api(baseUrl, 'POST', '/ops/users', {
    token,
    body: { username, password: 'secret123', role: 'user', mustChangePassword: false },
  });
}

describe('rules prompt, welcome popup and live balance', () => {
  let server;
  let browser;
  let opToken;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    opToken = await operatorToken(server.url);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('rules prompt: Accept records acceptance and closes', T, async () => {
    await createUser(server.url, opToken, 'rulesyes');
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'rulesyes', 'secret123');
    const dialog = page.getByRole('dialog', { name: 'Rules' });
    await dialog.waitFor();
    // The rules explain every market type the site offers, each under the name players know.
    await dialog.getByRole('button', { name: 'Cricket', exact: true }).click();
    for (const [gtype, name] of Object.entries({ match: 'Match odds', match1: 'Bookmaker', fancy: 'Sessions', fancy1: 'Over propositions', meter: 'Meter', khado: 'Khado', oddeven: 'Odd / even', cricketcasino: 'Last digit' })) {
      const group = dialog.locator(`[data-testid="rules-group"][data-gtype="${gtype}"]`).first();
      await group.getByText(`${name} (${gtype})`).first().waitFor();
      assert.ok((await group.locator('li').count()) >= 1, `${gtype} has rules`);
    }
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.equal(new URL(page.url()).pathname, '/');
    // Acceptance is on the server: a reload does not ask again.
    await page.reload();
    await page.getByTestId('balance').waitFor();
    await page.waitForTimeout(1500);
    assert.equal(await page.getByRole('dialog', { name: 'Rules' }).count(), 0);
    await page.context().close();
  });

  it('rules prompt: Cancel logs out and goes to /login', T, async () => {
    await createUser(server.url, opToken, 'rulesno');
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'rulesno', 'secret123');
    const dialog = page.getByRole('dialog', { name: 'Rules' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    assert.equal(await page.evaluate(() => window.localStorage.getItem('token')), null);
    await page.context().close();
  });

  it('the welcome popup shows once per browser', T, async () => {
    const page = await newPage(browser, server.url, { welcomeSeen: false });
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: 'Welcome' });
    await popup.waitFor();
    await popup.getByText(/phishing/i).waitFor();
    await popup.getByRole('button', { name: 'OK' }).click();
    await popup.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: 'Demo' }).waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.getByRole('dialog', { name: 'Welcome' }).count(), 0);
    await page.context().close();
  });

  it('an operator credit shows in the header within 1 s without reload', T, async () => {
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'player1', 'player123');
    const balance = page.getByTestId('balance');
    await balance.waitFor();
    const before = await balance.textContent();
    // Let the socket authenticate and subscribe before the credit.
    await page.waitForTimeout(1000);
    let navigations = 0;
    page.on('framenavigated', () => {
      navigations += 1;
    });
    await api(server.url, 'POST', '/ops/credit', {
      token: opToken,
      body: { username: 'player1', amount: 50000, remark: 'e2e credit' },
    });
    const started = Date.now();
    await page.waitForFunction(
      (previous) => document.querySelector('[data-testid="balance"]')?.textContent !== previous,
      before,
      { timeout: 1000 },
    );
    const elapsed = Date.now() - started;
    assert.ok(elapsed <= 1000, `balance updated after ${elapsed} ms`);
    assert.notEqual(await balance.textContent(), before);
    assert.equal(navigations, 0);
    await page.context().close();
  });

  it('a session an operator ends signs the open page out at once with the spec message; signing out oneself shows none', T, async () => {
    await createUser(server.url, opToken, 'endme');
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'endme', 'secret123');
    const rules = page.getByRole('dialog', { name: 'Rules' });
    await rules.waitFor();
    await rules.getByRole('button', { name: 'Accept' }).click();
    await rules.waitFor({ state: 'detached' });
    const expired = page.getByText('Your session has expired. Please log in again.');

    // Signing out oneself: the server's push that the session ended finds nothing to end.
    await page.getByRole('button', { name: 'endme' }).click();
    await page.getByRole('menuitem', { name: 'SignOut' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();
    await page.waitForTimeout(1500);
    assert.equal(await expired.count(), 0, 'no expiry message after signing out');

    await loginViaUi(page, 'endme', 'secret123');
    await page.getByTestId('balance').waitFor();
    // Let the socket authenticate and subscribe to the user topic.
    await page.waitForTimeout(1000);
    await page.evaluate(() => {
      window.__notReloaded = true;
    });
    const ended = await api(server.url, 'POST', '/ops/users/endme/end-sessions', { token: opToken, body: { remark: 'e2e: sessions ended' } });
    assert.equal(ended.success, true, JSON.stringify(ended));
    await expired.waitFor({ timeout: 3000 });
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await page.evaluate(() => window.localStorage.getItem('token')), null);
    assert.equal(await page.evaluate(() => window.__notReloaded), true, 'moved home without a reload');
    await page.context().close();
  });

  it('Set Button Values: Update is enabled only after a change, and the change is saved', T, async () => {
    await createUser(server.url, opToken, 'buttons1');
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'buttons1', 'secret123');
    await page.getByRole('dialog', { name: 'Rules' }).getByRole('button', { name: 'Accept' }).click();
    await page.goto('/button-values');
    const update = page.getByRole('button', { name: 'Update' });
    await update.waitFor();
    assert.equal(await update.isDisabled(), true);
    const value = page.getByLabel('Game Buttons value 1');
    const original = await value.inputValue();
    await value.fill('');
    await value.pressSequentially('12a3');
    assert.equal(await value.inputValue(), '123');
    assert.equal(await update.isDisabled(), false);
    await value.fill(original);
    assert.equal(await update.isDisabled(), true);
    await value.fill('777');
    await update.click();
    await page.locator('.notistack-MuiContent-success').waitFor();
    await page.reload();
    await page.getByLabel('Game Buttons value 1').waitFor();
    assert.equal(await page.getByLabel('Game Buttons value 1').inputValue(), '777');
    await page.context().close();
  });
});
