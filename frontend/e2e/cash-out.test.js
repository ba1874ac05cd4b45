// Cash out and commission in a real browser, the market makers off so the test's players are the
// whole book. player1 backs a runner for 100.00 at 3.00 against a layer (over the API). On the
// match page the Cash Out button waits for something to hedge against; when the layer offers to
// back the runner at 2.00, the pushed book brings Cash Out 50.00. The dialog shows each runner's
// P/L now and after; cashing out lays 150.00 at 2.00, the exposure goes to 0 and My Bet holds the
// hedge. The operator settles the runner as the winner: the Sport Report shows the market's
// 50.00 and, above it, the 5 % commission on those net winnings as its own row, and the result
// dialog shows the commission and the net.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, data, launchBrowser, loginToken, loginViaUi, newPage, operatorToken, screenshotPath, sealedCall, startServer } from './harness.js';

const T = { timeout: 120_000 };
const ENV = { APP_EXCHANGE__MAKERS__COUNT: '0', APP_FEED__SPEED: '0', APP_BETTING__INPLAY_DELAY_MS_PER_SEC: '0' };
const LAYER = { username: 'cashlayer', password: 'secret123' };

describe('cash out and commission', () => {
  let server;
  let browser;
  let page;
  let fixture;
  let market;
  let runner;
  let layer;
  let operator;

  const place = async (token, body) => {
    const reply = await sealedCall(server.url, 'POST', '/bet/place', token, { gameId: fixture.gmid, marketId: market.mid, sectionId: runner.sid, ...body });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return reply.body.data;
  };

  before(async () => {
    server = await startServer(ENV);
    browser = await launchBrowser();
    operator = await operatorToken(server.url);
    await api(server.url, 'POST', '/ops/users', { token: operator, body: { ...LAYER, role: 'user' } });
    await api(server.url, 'POST', '/ops/credit', { token: operator, body: { username: LAYER.username, amount: 10_000, remark: 'cash out test' } });
    layer = await loginToken(server.url, LAYER.username, LAYER.password);
    for (const row of await data(server.url, '/front/highlightproduct', { etid: 4, type: 'all' })) {
      const { markets } = await data(server.url, `/front/matchstate?gmid=${row.gmid}`);
      market = markets.find((m) => m.gtype === 'match' && m.status === 'OPEN' && m.section.every((s) => s.gstatus === 'ACTIVE'));
      if (market) {
        fixture = row;
        break;
      }
    }
    assert.ok(market, 'an open match-odds market');
    runner = market.section[0];
    await place(layer, { betType: 'lay', uRate: 3, amount: 100, requestId: 'layer-lay' });
    const backed = await place(await loginToken(server.url), { betType: 'back', uRate: 3, amount: 100, requestId: 'p1-back' });
    assert.equal(backed.order.matched, 100);

    page = await newPage(browser, server.url);
    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();
    await page.goto(`/game-details/4/${fixture.gmid}`);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const board = () => page.getByRole('region', { name: market.mname, exact: true });

  it('Cash Out shows the value the pushed book gives, and levels the position', T, async () => {
    const button = board().getByTestId(`cash-out-${market.mid}`);
    await button.waitFor({ timeout: 30_000 });
    assert.equal(await button.isDisabled(), true, 'nothing in the book to hedge against yet');
    assert.equal(await page.getByTestId('exposure').textContent(), '-100.00');

    await place(layer, { betType: 'back', uRate: 2, amount: 500, requestId: 'layer-offer' });
    await board().getByRole('button', { name: 'Cash Out 50.00' }).waitFor({ timeout: 10_000 });
    await page.screenshot({ path: screenshotPath('cash-out-button-1366.png') });
    await board().getByRole('button', { name: 'Cash Out 50.00' }).click();
    const dialog = page.getByRole('dialog', { name: `Cash out: ${market.mname}` });
    await dialog.waitFor();
    assert.equal(await dialog.getByTestId('cash-out-value').textContent(), '50.00');
    const rows = await dialog.getByTestId('cash-out-runner').allTextContents();
    assert.equal(rows.length, market.section.length);
    assert.equal(rows[0], `${runner.nat}200.0050.00`, 'the backed runner: 200.00 now, 50.00 after');
    for (const row of rows.slice(1)) assert.match(row, /-100\.0050\.00$/, 'every other runner: -100.00 now, 50.00 after');
    await dialog.screenshot({ path: screenshotPath('cash-out-dialog-1366.png') });

    await dialog.getByTestId('cash-out-confirm').click();
    await page.getByText('Cashed out: 50.00 whichever runner wins').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="exposure"]')?.textContent === '0.00');
    const matched = page.getByRole('region', { name: 'Matched' }).getByTestId('my-bet');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="my-bet"]').length === 2);
    const texts = await matched.allTextContents();
    assert.ok(texts.some((text) => text.includes('100.00') && text.includes('3')), `the back of 100.00 at 3.00: ${texts}`);
    assert.ok(texts.some((text) => text.includes('150.00') && text.includes('2')), `the hedge, a lay of 150.00 at 2.00: ${texts}`);
    await board().getByRole('button', { name: /^Cash Out \d/ }).waitFor({ state: 'detached', timeout: 5_000 });
    await page.screenshot({ path: screenshotPath('cash-out-done-1366.png'), fullPage: true });
  });

  it('settled: the Sport Report shows the market and its commission row, and the result its net', T, async () => {
    const settled = await api(server.url, 'POST', `/ops/feed/${fixture.gmid}/markets/${market.mid}/settle`, {
      token: operator,
      body: { remark: 'official', result: { kind: 'winner', sid: runner.sid } },
    });
    assert.equal(settled.success, true);
    await page.goto('/account-statement');
    await page.getByRole('combobox', { name: 'Report type' }).click();
    await page.getByRole('option', { name: 'Sport Report', exact: true }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    const remark = `${fixture.ename} / ${market.mname}`;
    const commission = page.getByTestId('statement-row').filter({ hasText: `Commission on net winnings: ${remark}` });
    await commission.waitFor();
    const rows = await page.getByTestId('statement-row').allTextContents();
    const at = rows.findIndex((row) => row.includes('Commission on net winnings'));
    assert.match(rows[at + 1], new RegExp(`50\\.00.*${remark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`), 'the market\u2019s row is just below (older)');
    const cells = await commission.getByRole('cell').allTextContents();
    assert.equal(cells[3], '-2.50', '5 % of the 50.00 won');
    await page.screenshot({ path: screenshotPath('cash-out-statement-1366.png') });

    await page.getByTestId('statement-row').nth(at + 1).click();
    const dialog = page.getByRole('dialog', { name: `${fixture.ename} Result` });
    await dialog.waitFor();
    assert.equal(await dialog.getByTestId('result-profit').textContent(), '50.00');
    assert.equal(await dialog.getByTestId('result-commission').textContent(), '-2.50');
    assert.equal(await dialog.getByTestId('result-net').textContent(), '47.50');
    await page.screenshot({ path: screenshotPath('cash-out-result-1366.png') });
  });
});
