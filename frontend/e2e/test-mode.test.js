// Test mode against the real server started with APP_TEST_MODE=true: every page, the
// player's and the console's, shows the red TEST MODE bar; a tester stacks teen20's shoe, and the
// round it deals shows those cards and says "Stacked" in the player's result dialog.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, launchBrowser, loginToken, loginViaUi, newPage, operatorToken, screenshotPath, sleep, startServer } from './harness.js';

const T = { timeout: 90_000 };
const STACK = ['AHH', 'ASS', 'ACC', 'KHH', 'KSS', 'KCC'];

describe('test mode', () => {
  let server;
  let browser;

  before(async () => {
    server = await startServer({ APP_TEST_MODE: 'true', APP_CASINO__SPEED: '10', APP_FEED__SPEED: '0' });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('every page shows the TEST MODE bar, and a stacked round says so in its result dialog', T, async () => {
    const visitor = await newPage(browser, server.url);
    await visitor.goto('/');
    await visitor.getByTestId('test-mode-banner').waitFor();
    await visitor.goto('/login');
    await visitor.getByTestId('test-mode-banner').waitFor();
    await visitor.context().close();

    const opToken = await operatorToken(server.url);
    const stacked = await api(server.url, 'POST', '/ops/casino/teen20/stack', { body: { remark: 'reproduce a round', cards: STACK }, token: opToken });
    assert.equal(stacked.success, true, JSON.stringify(stacked));

    // Find the stacked round among today's teen20 results (before the browser signs in: one
    // session per user).
    const token = await loginToken(server.url);
    let mid = null;
    const deadline = Date.now() + 40_000;
    while (!mid && Date.now() < deadline) {
      const today = new Date().toISOString().slice(0, 10);
      const results = await api(server.url, 'POST', '/front/casinoresults', { body: { dateFrom: today, type: 'teen20' }, token });
      for (const row of results.data ?? []) {
        const detail = await api(server.url, 'POST', '/front/casino/result', { body: { gtype: 'teen20', mid: row.mid, dtype: 'cs' }, token });
        if (detail.data?.result?.stacked) mid = row.mid;
      }
      if (!mid) await sleep(500);
    }
    assert.ok(mid, 'a stacked teen20 round was dealt');
    const player = await newPage(browser, server.url);
    await loginViaUi(player, 'player1', 'player123');
    await player.getByTestId('balance').waitFor();

    await player.goto('/casino-results?type=teen20');
    const row = player.getByTestId('casino-result-row').filter({ hasText: mid });
    await row.waitFor();
    await row.click();
    const dialog = player.getByRole('dialog', { name: 'Teen Patti 20-20 Result' });
    await dialog.getByTestId('round-stacked').waitFor();
    await player.getByTestId('test-mode-banner').waitFor();
    await sleep(400);
    await player.screenshot({ path: screenshotPath('test-mode-result-1366.png') });
    await player.context().close();

    const operator = await newPage(browser, server.url);
    await loginViaUi(operator, 'operator', 'operator123');
    await operator.waitForURL('**/ops/users');
    await operator.getByTestId('test-mode-banner').waitFor();
    await operator.context().close();
  });
});
