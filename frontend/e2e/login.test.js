import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, loginViaUi, newPage, startServer } from './harness.js';

const T = { timeout: 60_000 };

describe('login, routes and roles', () => {
  let server;
  let browser;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows every login validation message', T, async () => {
    const page = await newPage(browser, server.url);
    await page.goto('/login');
    const username = page.getByPlaceholder('Enter Username');
    const password = page.getByPlaceholder('Enter Password');

    // Nothing shows before a field is touched.
    assert.equal(await page.getByText('Username is required').count(), 0);

    await username.focus();
    await username.blur();
    await page.getByText('Username is required').waitFor();

    await username.fill('   ');
    await username.blur();
    await page.getByText('Username is required').waitFor();

    await password.focus();
    await password.blur();
    await page.getByText('Password is required').waitFor();

    await password.fill('12345');
    await page.getByText('Password must be at least 6 characters').waitFor();

    await password.fill('123456');
    await username.fill('player1');
    await page.getByText('Password must be at least 6 characters').waitFor({ state: 'detached' });
    assert.equal(await page.getByText('Username is required').count(), 0);

    // The login page has no header, sidebar or footer, and has its links.
    assert.equal(await page.getByRole('navigation', { name: 'Sidebar' }).count(), 0);
    assert.equal(await page.locator('footer').count(), 0);
    await page.getByRole('link', { name: 'Register here' }).waitFor();
    await page.getByRole('link', { name: 'Forgot Password?' }).waitFor();
    await page.getByText('24X7 Support').waitFor();
    await page.context().close();
  });

  it('submitting the empty form shows the required messages', T, async () => {
    const page = await newPage(browser, server.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    assert.match(page.url(), /\/login$/);
    await page.context().close();
  });

  it('a successful login shows the balance', T, async () => {
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'player1', 'player123');
    await page.waitForURL((url) => url.pathname === '/');
    const balance = page.getByTestId('balance');
    await balance.waitFor();
    assert.equal(await balance.textContent(), '1L');
    assert.equal(await page.getByTestId('exposure').textContent(), '0.00');
    // Signed-in users see their dropdown instead of Demo/Login/Register.
    assert.equal(await page.getByRole('link', { name: 'Register' }).count(), 0);
    await page.getByRole('button', { name: 'player1' }).click();
    for (const entry of ['Withdraw Statement', 'Account Statement', 'Set Button Values', 'Change Password', 'SignOut']) {
      await page.getByRole('menuitem', { name: entry }).waitFor();
    }
    await page.getByRole('menuitem', { name: 'SignOut' }).click();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/');
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    assert.equal(token, null);
    await page.context().close();
  });

  it('keeps the session in localStorage encrypted under `token`', T, async () => {
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    assert.ok(token && token.length > 40);
    assert.ok(!token.includes('player1'));
    await page.reload();
    await page.getByTestId('balance').waitFor();
    await page.context().close();
  });

  it('a must-change-password user lands on /change-password and then goes to /login', T, async () => {
    // A browser that has never seen the welcome popup: it must not cover the forced change.
    const page = await newPage(browser, server.url, { welcomeSeen: false });
    await loginViaUi(page, 'newplayer', 'welcome123');
    await page.waitForURL((url) => url.pathname === '/change-password');
    const why = page.getByTestId('password-change-required');
    await why.waitFor();
    assert.match(await why.textContent(), /set by an operator/);
    assert.equal(await page.getByRole('dialog', { name: 'Welcome' }).count(), 0, 'no welcome popup over the forced change');
    // Every other page sends the user back until the password is changed.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/change-password');

    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Current password is required').waitFor();
    await page.getByText('New password is required').waitFor();
    await page.getByText('Confirm Password is required').waitFor();
    await page.getByLabel('Current Password').fill('welcome123');
    await page.getByLabel('New Password').fill('fresh-pass-1');
    await page.getByLabel('Confirm Password').fill('fresh-pass-2');
    await page.getByText('Passwords must match').waitFor();
    await page.getByLabel('Confirm Password').fill('fresh-pass-1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed successfully ✅').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');

    // The new password works and the user now reaches home.
    await loginViaUi(page, 'newplayer', 'fresh-pass-1');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('demo login signs in from the header, and demo cannot open /deposit', T, async () => {
    const page = await newPage(browser, server.url);
    await page.goto('/');
    await page.getByRole('button', { name: 'Demo' }).click();
    await page.getByTestId('balance').waitFor();
    assert.equal(await page.getByTestId('balance').textContent(), '1500.00');
    // Demo does not get the Others sidebar section.
    assert.equal(await page.getByRole('region', { name: 'Others' }).count(), 0);

    await page.goto('/deposit');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('balance').waitFor();

    await page.goto('/account-statement');
    await page.getByRole('heading', { name: 'Account Statement' }).waitFor();
    await page.context().close();
  });

  it('a visitor opening /deposit lands on /', T, async () => {
    const page = await newPage(browser, server.url);
    await page.goto('/deposit');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Demo' }).waitFor();
    await page.getByRole('region', { name: 'Others' }).waitFor();
    await page.context().close();
  });

  it('an unknown path shows the 404 heading, and /404 renders alone', T, async () => {
    const page = await newPage(browser, server.url);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
    await page.locator('footer').waitFor();
    await page.goto('/404');
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
    assert.equal(await page.locator('footer').count(), 0);
    await page.context().close();
  });

  it('a site config load failure shows the message', T, async () => {
    const page = await newPage(browser, server.url);
    await page.route('**/api/domain/domain-config', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/');
    await page.getByText('Unable to load site configuration.').waitFor();
    await page.getByText('Please try again later or contact support.').waitFor();
    await page.context().close();
  });

  it('a logo that fails to load falls back to the bundled image', T, async () => {
    const page = await newPage(browser, server.url);
    await page.route('**/assets/logo.svg', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/');
    await page.waitForFunction(() =>
      document.querySelector('header img')?.getAttribute('src')?.endsWith('/images/logo-fallback.svg'),
    );
    await page.context().close();
  });
});
