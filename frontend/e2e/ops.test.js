// The operators' console against the real server. The operator signs in and lands on
// /ops; finds player1, reads the balance, the chart over the log and the settled bet; credits
// them, and the player's open page shows it without a reload; locks a player's betting (their
// bet is refused) and the action is listed with the operator's name; approves a deposit in the
// queue; suspends a market from the feed page (the player's match page shows SUSPENDED at once)
// and settles it (the bettor's statement shows it). A player never reaches /ops and never
// downloads the console's code.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, data, launchBrowser, loginToken, loginViaUi, newPage, placeTeen20Back, screenshotPath, sealedCall, sleep, startServer, teen20Result } from './harness.js';

const T = { timeout: 90_000 };
const CREDIT = 1234.5;

async function headerBalance(page) {
  return Number(await page.getByLabel('Balance', { exact: true }).getAttribute('title'));
}

async function waitFor(read, expected, what) {
  const deadline = Date.now() + 10_000;
  let seen;
  while (Date.now() < deadline) {
    seen = await read();
    if (Math.abs(seen - expected) < 0.005) return;
    await sleep(100);
  }
  assert.fail(`${what}: ${seen}, expected ${expected}`);
}

/** A figure of the console's user page. */
async function figure(page, testId) {
  return Number(await page.getByTestId(testId).textContent());
}

async function act(page, button, fields) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('the operators console', () => {
  let server;
  let browser;
  let opToken;
  let player;
  let operator;
  let balance;
  let seqBeforeCredit;

  before(async () => {
    server = await startServer({ APP_CASINO__SPEED: '10', APP_FEED__SPEED: '0' });
    browser = await launchBrowser();
    // A tool session (as the CLI opens): the operator's browser sign-in below leaves it alone.
    const tool = await api(server.url, 'POST', '/auth/login', { body: { username: 'operator', password: 'operator123', client: 'cli' } });
    opToken = tool.data.accessToken;
    // A settled teen20 bet, placed before the browser signs in (one session per user).
    const token = await loginToken(server.url);
    const { mid, bet } = await placeTeen20Back(server.url, token, { amount: 100, requestPrefix: 'ops' });
    const detail = await teen20Result(server.url, token, mid, (d) => d.bets.every((b) => b.result !== null));
    balance = 100_000 + detail.bets.find((b) => b.betId === bet.betId).result;
    player = await newPage(browser, server.url);
    await loginViaUi(player, 'player1', 'player123');
    await player.getByTestId('balance').waitFor();
    operator = await newPage(browser, server.url);
  });

  after(async () => {
    await player?.context().close();
    await operator?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('an operator lands on the console, finds a player and reads their money, chart and bets', T, async () => {
    await loginViaUi(operator, 'operator', 'operator123');
    await operator.waitForURL('**/ops/users');
    await operator.getByLabel('Search username').fill('PLAYER1');
    const row = operator.locator('tr[data-username="player1"]');
    // The list may still show the page's first answer (all users) while the search is on its way.
    await waitFor(() => operator.locator('tr[data-username]').count(), 1, 'only player1 matches');
    await row.click();
    await operator.waitForURL('**/ops/users/player1');
    await waitFor(() => figure(operator, 'ops-balance'), balance, 'console balance');
    const points = Number(await operator.getByTestId('money-chart').getAttribute('data-points'));
    assert.ok(points >= 3, `opening credit, the bet and its settlement are points: ${points}`);
    await operator.getByRole('tab', { name: 'Settled' }).click();
    await operator.getByRole('table', { name: 'Settled' }).getByText('Teen Patti', { exact: false }).first().waitFor();
    await operator.screenshot({ path: screenshotPath('ops-user-1366.png'), fullPage: true });
  });

  it('a credit from the console shows on the player’s open page without a reload', T, async () => {
    await player.evaluate(() => {
      window.__noReload = true;
    });
    await waitFor(() => headerBalance(player), balance, 'player header before');
    seqBeforeCredit = (await (await fetch(`${server.url}/health`)).json()).data.seq;
    // An amount the browser would have to round is refused in the dialog.
    await operator.getByRole('button', { name: 'Credit', exact: true }).click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByLabel('Amount').fill('100.129');
    await dialog.getByLabel('Remark').fill('rounding');
    await dialog.getByText('A positive amount with at most two decimals').waitFor();
    assert.equal(await dialog.getByRole('button', { name: 'Credit', exact: true }).isDisabled(), true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await act(operator, 'Credit', { Amount: String(CREDIT), Remark: 'goodwill gesture' });
    balance += CREDIT;
    await waitFor(() => figure(operator, 'ops-balance'), balance, 'console balance after the credit');
    await waitFor(() => headerBalance(player), balance, 'player header after the credit');
    assert.equal(await player.evaluate(() => window.__noReload === true), true, 'the player page was not reloaded');
  });

  it('a locked player’s bet is refused; the action is listed with the operator', T, async () => {
    await api(server.url, 'POST', '/ops/users', { token: opToken, body: { username: 'lockme', password: 'secret123', role: 'user' } });
    await api(server.url, 'POST', '/ops/credit', { token: opToken, body: { username: 'lockme', amount: 1000, remark: 'start' } });
    const lockme = await loginToken(server.url, 'lockme', 'secret123');
    await operator.goto('/ops/users/lockme');
    await act(operator, 'Lock betting', { Remark: 'responsible gaming review' });
    await operator.getByTestId('betting-locked').waitFor();
    const refused = await placeTeen20Back(server.url, lockme, { amount: 100, requestPrefix: 'locked' }).then(
      () => null,
      (error) => error.message,
    );
    assert.match(refused ?? 'the bet was taken', /403.*Betting is locked/);
    await operator.getByRole('tab', { name: 'Operator actions' }).click();
    const actions = operator.getByRole('table', { name: 'Operator actions' });
    await actions.getByText('Lock betting').waitFor();
    await actions.getByText('responsible gaming review').waitFor();
    assert.ok((await actions.getByText('operator', { exact: true }).count()) >= 2, 'the credit and the lock name the operator');
  });

  it('the wallet queue approves a deposit and the money moves', T, async () => {
    const lockme = await loginToken(server.url, 'lockme', 'secret123');
    const request = (await api(server.url, 'POST', '/wallet/deposit', { token: lockme, body: { amount: 500, method: 'upi', reference: 'UTR-OPS-1' } })).data;
    await operator.goto('/ops/wallet');
    const row = operator.locator(`tr[data-request-id="${request.id}"]`);
    await row.waitFor();
    await operator.screenshot({ path: screenshotPath('ops-wallet-1366.png'), fullPage: true });
    await row.getByRole('button', { name: 'Approve' }).click();
    const confirm = operator.getByRole('dialog', { name: `Approve request #${request.id}?` });
    await confirm.getByLabel('Remark (optional)').fill('UTR-OPS-1 received');
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    await operator.getByText('Request approved').waitFor();
    await row.waitFor({ state: 'detached' });
    const users = await api(server.url, 'GET', '/ops/users?search=lockme', { token: opToken });
    assert.equal(users.data[0].balance, 1500);
  });

  it('time travel shows the balance before the credit; the invariants hold; the log names the operator', T, async () => {
    await operator.goto('/ops/audit');
    await operator.getByLabel('Log #').fill(String(seqBeforeCredit));
    await operator.getByLabel('Username (optional)').fill('player1');
    await operator.getByRole('button', { name: 'Travel' }).click();
    await operator.locator(`[data-testid="moment"][data-seq="${seqBeforeCredit}"]`).waitFor();
    const then = operator.getByRole('table', { name: 'Accounts then' }).locator('tr[data-username="player1"]');
    assert.equal((await then.getByRole('cell').nth(1).textContent()).trim(), (balance - CREDIT).toFixed(2), 'the balance before the credit');
    // The events list moves to the moment: ten events each side of it.
    assert.equal(await operator.getByLabel('From #').inputValue(), String(Math.max(1, seqBeforeCredit - 10)));
    assert.equal(await operator.getByLabel('To #').inputValue(), String(seqBeforeCredit + 10));
    await operator.getByTestId('events-range').getByText(`each side of log #${seqBeforeCredit}, the moment travelled to`, { exact: false }).waitFor();
    await operator.getByRole('button', { name: 'Run invariant check' }).click();
    await operator.getByTestId('audit-result').getByText(/All invariants hold/).waitFor({ timeout: 30_000 });
    await operator.getByLabel('User', { exact: true }).fill('player1');
    await operator.getByLabel('Kind').fill('OperatorActed');
    await operator.getByLabel('From #').fill('');
    await operator.getByLabel('To #').fill('');
    await operator.getByRole('button', { name: 'Filter' }).click();
    const acted = operator.getByRole('table', { name: 'Events' }).locator('tr[data-kind="OperatorActed"]');
    await acted.first().waitFor();
    // The events around the moment (one of them the credit) show until the filtered answer lands.
    const rows = operator.getByRole('table', { name: 'Events' }).locator('tbody tr');
    await waitFor(async () => (await rows.count()) - (await acted.count()), 0, 'rows of other kinds');
    assert.match(await acted.first().textContent(), /operator.*goodwill gesture/);
    await operator.screenshot({ path: screenshotPath('ops-audit-1366.png'), fullPage: true });
  });

  it('a table the operator locks shows locked in the player’s casino lobby', T, async () => {
    await operator.goto('/ops/casino');
    const row = operator.locator('tr[data-gtype="war"]');
    await row.waitFor();
    await row.getByRole('button', { name: 'Lock', exact: true }).click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByLabel('Remark').fill('shoe check');
    await dialog.getByRole('button', { name: 'Lock', exact: true }).click();
    await row.getByText('Locked', { exact: true }).waitFor();
    await operator.screenshot({ path: screenshotPath('ops-casino-1366.png'), fullPage: true });
    await player.goto('/casino-list/LC/4/35');
    const lobby = player.getByRole('region', { name: 'Our Casino' });
    const tile = lobby.locator('[data-testid="casino-tile"][data-gmid="war"]');
    await tile.waitFor();
    assert.equal(await tile.getAttribute('data-locked'), 'true');
    const teen = lobby.locator('[data-testid="casino-tile"][data-gmid="teen20"]');
    assert.equal(await teen.getAttribute('data-locked'), 'false', 'the other tables stay open');
  });

  it('a market the operator suspends shows SUSPENDED on the player’s page at once; settled, it is on the bettor’s statement', T, async () => {
    // A second player bets on the market (player1 stays signed in in the browser). A bookmaker
    // market: the house is its counterparty (match odds are matched between players and makers,
    // and the house stands on neither side of them).
    await api(server.url, 'POST', '/ops/users', { token: opToken, body: { username: 'punter', password: 'secret123', role: 'user' } });
    await api(server.url, 'POST', '/ops/credit', { token: opToken, body: { username: 'punter', amount: 1000, remark: 'start' } });
    let found;
    for (const fixture of await data(server.url, '/front/highlightproduct', { etid: 4, type: 'all' })) {
      const markets = await data(server.url, `/front/gamedetailPrivate?etid=4&gmid=${fixture.gmid}`);
      const market = markets.find((m) => m.gtype === 'match1' && m.status === 'OPEN' && m.section.every((x) => x.gstatus === 'ACTIVE'));
      if (market) {
        found = { fixture, market };
        break;
      }
    }
    assert.ok(found, 'an open bookmaker market');
    const { fixture, market } = found;
    const section = market.section[0];
    const price = Math.max(...section.odds.filter((level) => level.otype === 'back').map((level) => level.odds));
    const punterToken = await loginToken(server.url, 'punter', 'secret123');
    const bet = { gameId: market.gmid, marketId: market.mid, sectionId: section.sid, uRate: price, amount: 100, betType: 'back', requestId: 'ops-feed' };
    assert.equal((await sealedCall(server.url, 'POST', '/bet/place', punterToken, bet)).status, 200);

    await player.goto(`/game-details/4/${fixture.gmid}`);
    const board = player.getByRole('region', { name: market.mname });
    await board.getByRole('button', { name: /^back \d/ }).first().waitFor();
    await operator.goto('/ops/feed');
    const row = operator.locator(`[data-testid="ops-fixture"][data-gmid="${fixture.gmid}"] tr[data-mid="${market.mid}"]`);
    await row.waitFor({ timeout: 30_000 });
    await operator.getByTestId('feed-clock-time').waitFor();
    await row.getByRole('button', { name: 'Suspend', exact: true }).click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByLabel('Remark').fill('incident on the field');
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await board.getByTestId('status-overlay').first().waitFor({ timeout: 5_000 });
    assert.equal(await board.getByTestId('status-overlay').first().textContent(), 'SUSPENDED');
    await row.getByText('Held', { exact: true }).waitFor();
    await operator.screenshot({ path: screenshotPath('ops-feed-1366.png'), fullPage: false });

    const houseBefore = (await api(server.url, 'GET', '/ops/house?days=1', { token: opToken })).data.pnlByDay[0].pnl;
    await row.getByRole('button', { name: 'Settle', exact: true }).click();
    await dialog.getByLabel('Winner').click();
    await operator.getByRole('option', { name: section.nat, exact: true }).click();
    await dialog.getByLabel('Remark').fill('official result');
    await dialog.getByRole('button', { name: 'Settle', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Settled', { exact: true }).waitFor();

    const punter = await newPage(browser, server.url);
    await loginViaUi(punter, 'punter', 'secret123');
    await punter.getByTestId('balance').waitFor();
    // A first sign-in accepts the rules.
    await punter.getByRole('dialog', { name: 'Rules' }).getByRole('button', { name: 'Accept' }).click();
    await punter.goto('/account-statement');
    await punter.getByRole('combobox', { name: 'Report type' }).click();
    await punter.getByRole('option', { name: 'Sport Report', exact: true }).click();
    await punter.getByRole('button', { name: 'Submit' }).click();
    // A bookmaker back wins stake × rate / 100.
    const profit = (Math.round(price * 100) / 100).toFixed(2);
    const line = punter.getByTestId('statement-row').filter({ hasText: `${fixture.ename} / ${market.mname}` });
    await line.waitFor();
    assert.ok((await line.textContent()).includes(profit), `the win of ${profit} is on the statement`);
    await punter.context().close();

    // The house paid that win: today's bar of the house's P/L shows it.
    await operator.goto('/ops/house');
    const chart = operator.getByTestId('pnl-chart');
    await chart.waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const bar = chart.locator(`rect[data-day="${today}"]`);
    const house = Number(await bar.getAttribute('data-pnl'));
    assert.ok(Math.abs(house - (houseBefore - Number(profit))) < 0.005, `the house's P/L today went from ${houseBefore} to ${house}, paying ${profit}`);
    assert.ok(Number((await operator.getByTestId('house-turnover').textContent()).replace(/,/g, '')) >= 100, 'the bets are turnover');
    await operator.screenshot({ path: screenshotPath('ops-house-1366.png'), fullPage: true });
  });

  it('an operator who must change the password does it in the console, then signs in to it', T, async () => {
    await api(server.url, 'POST', '/ops/users', { token: opToken, body: { username: 'operator2', password: 'secret123', role: 'operator', mustChangePassword: true } });
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'operator2', 'secret123');
    await page.waitForURL((url) => url.pathname === '/ops/password');
    // Every other page of the console sends the operator back until the password is changed.
    await page.goto('/ops/users');
    await page.waitForURL((url) => url.pathname === '/ops/password');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    assert.equal(await page.getByRole('dialog', { name: 'Rules' }).count(), 0, 'the console asks for no betting rules');
    await page.getByLabel('Current Password').fill('secret123');
    await page.getByLabel('New Password').fill('console-pass-1');
    await page.getByLabel('Confirm Password').fill('console-pass-1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password changed successfully ✅').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    await loginViaUi(page, 'operator2', 'console-pass-1');
    await page.waitForURL((url) => url.pathname === '/ops');
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Password' }).waitFor();
    await page.waitForTimeout(1000);
    assert.equal(await page.getByRole('dialog', { name: 'Rules' }).count(), 0, 'nor after signing in');
    // On a phone the console's bar wraps: every page's link stays on the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    const links = page.getByRole('navigation', { name: 'Console' }).getByRole('link');
    assert.equal(await links.count(), 7);
    for (const link of await links.all()) {
      const box = await link.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 375, `${await link.textContent()} at ${JSON.stringify(box)}`);
    }
    await page.context().close();
  });

  it('a player is sent home from /ops and never downloads the console', T, async () => {
    await player.goto('/ops/users');
    await player.waitForURL((url) => url.pathname === '/');
    const scripts = await player.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((name) => name.endsWith('.js')));
    assert.ok(scripts.length > 0);
    for (const script of scripts) {
      const text = await (await fetch(script)).text();
      assert.ok(!text.includes('Operator console'), `${script} holds console code`);
    }
  });
});
