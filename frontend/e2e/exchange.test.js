// The exchange between two players in two browsers, with the market makers off so the two of
// them are the whole book (APP_EXCHANGE__MAKERS__COUNT=0), prices frozen and no in-play delay.
// Player B lays a runner at a price it types into an empty book's cell: the order rests and My
// Bet shows it Unmatched. Player A backs into it at that price: matched. Both see the bet in My
// Bet's Matched section, and a signed-out third page on the match sees B's money appear at that
// price and go, without a reload. B then places another lay, moves it up the ladder from My Bet,
// sees it in the ladder view, cancels part of it and then the rest, and the header's exposure
// returns.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, data, launchBrowser, loginViaUi, newPage, operatorToken, screenshotPath, startServer } from './harness.js';

const T = { timeout: 120_000 };
const ENV = { APP_EXCHANGE__MAKERS__COUNT: '0', APP_FEED__SPEED: '0', APP_BETTING__INPLAY_DELAY_MS_PER_SEC: '0' };
const PLAYER_B = { username: 'layer', password: 'secret123' };
const STAKE = 100;
const PRICE = 2.5;
/** B's lay liability at PRICE: what B pays if the runner wins. */
const LIABILITY = STAKE * (PRICE - 1);

/** The header's exposure, as shown. */
const exposure = (page) => page.getByTestId('exposure').textContent();

async function waitForExposure(page, want) {
  await page.waitForFunction((value) => document.querySelector('[data-testid="exposure"]')?.textContent === value, want, { timeout: 10_000 });
}

/** Signs a player in through the login page, accepting the rules on a first sign-in. */
async function signIn(page, username, password, { firstTime = false } = {}) {
  await loginViaUi(page, username, password);
  await page.getByTestId('balance').waitFor();
  if (firstTime) await page.getByRole('dialog', { name: 'Rules' }).getByRole('button', { name: 'Accept' }).click();
}

describe('the exchange between two players', () => {
  let server;
  let browser;
  let fixture;
  let market;
  let runner;
  let a;
  let b;
  let visitor;
  let visitorLoads = 0;

  before(async () => {
    server = await startServer(ENV);
    browser = await launchBrowser();
    const opToken = await operatorToken(server.url);
    await api(server.url, 'POST', '/ops/users', { token: opToken, body: { ...PLAYER_B, role: 'user' } });
    await api(server.url, 'POST', '/ops/credit', { token: opToken, body: { username: PLAYER_B.username, amount: 10_000, remark: 'exchange test' } });
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
    assert.equal(runner.odds.length, 0, 'no makers: the book starts empty');

    a = await newPage(browser, server.url);
    b = await newPage(browser, server.url);
    visitor = await newPage(browser, server.url);
    await signIn(a, 'player1', 'player123');
    await signIn(b, PLAYER_B.username, PLAYER_B.password, { firstTime: true });
    for (const page of [a, b, visitor]) await page.goto(`/game-details/4/${fixture.gmid}`);
    visitor.on('load', () => {
      visitorLoads += 1;
    });
    // Each page's socket has the match's snapshot before the book moves.
    for (const page of [a, b, visitor]) await page.getByRole('region', { name: market.mname, exact: true }).getByTestId(`row-${market.mid}-${runner.sid}`).waitFor({ timeout: 30_000 });
    await visitor.waitForTimeout(1000);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const runnerRow = (page) => page.getByRole('region', { name: market.mname, exact: true }).getByTestId(`row-${market.mid}-${runner.sid}`);

  it('B lays into an empty book at a typed price: the order rests, Unmatched in My Bet, and the visitor sees the money', T, async () => {
    assert.equal(await runnerRow(visitor).getByRole('button', { name: `back ${PRICE}` }).count(), 0, 'before: nothing to back at the price');
    await runnerRow(b).locator('button[aria-label="lay no price"]:not([disabled])').click();
    const slip = b.getByTestId('bet-slip');
    await slip.waitFor();
    assert.equal(await slip.getAttribute('data-side'), 'lay');
    await b.getByRole('textbox', { name: 'Odds' }).fill('2.51');
    await b.getByTestId('price-error').filter({ hasText: 'Not a ladder price: 2.50 or 2.52' }).waitFor();
    await b.getByRole('button', { name: 'Odds down' }).click();
    assert.equal(await b.getByRole('textbox', { name: 'Odds' }).inputValue(), String(PRICE));
    await b.getByRole('textbox', { name: 'Stake' }).fill(String(STAKE));
    assert.equal(await b.getByTestId('slip-liability').textContent(), LIABILITY.toFixed(2));
    assert.equal(await b.getByRole('checkbox', { name: 'Keep in play' }).isChecked(), false, 'an order lapses at in-play unless kept');
    await b.screenshot({ path: screenshotPath('exchange-slip-1366.png') });
    await b.getByRole('button', { name: 'Submit' }).click();
    await b.getByText(`Bet unmatched: ${STAKE.toFixed(2)} waiting in the book at ${PRICE}`).waitFor();
    await waitForExposure(b, (-LIABILITY).toFixed(2));

    const unmatched = b.getByRole('region', { name: 'Unmatched' }).getByTestId('my-order');
    await unmatched.waitFor();
    assert.equal(await unmatched.count(), 1);
    assert.equal(await unmatched.getAttribute('data-side'), 'lay');
    assert.match(await unmatched.textContent(), new RegExp(`${runner.nat}.*${PRICE}.*${STAKE.toFixed(2)}`));
    assert.equal(await b.getByRole('region', { name: 'Matched' }).getByTestId('my-bet').count(), 0);
    await b.screenshot({ path: screenshotPath('exchange-unmatched-1366.png'), fullPage: true });

    // The visitor's page shows B's lay as money to back at that price, pushed.
    const cell = runnerRow(visitor).getByRole('button', { name: `back ${PRICE}` });
    await cell.waitFor({ timeout: 5_000 });
    assert.equal((await cell.textContent()).replace(String(PRICE), ''), STAKE.toFixed(2));
    await visitor.screenshot({ path: screenshotPath('exchange-visitor-before-1366.png') });
  });

  it('A backs into it at that price: matched; both see it in Matched and the visitor sees the money go', T, async () => {
    await runnerRow(a).getByRole('button', { name: `back ${PRICE}` }).click();
    assert.equal(await a.getByRole('textbox', { name: 'Odds' }).inputValue(), String(PRICE));
    await a.getByRole('textbox', { name: 'Stake' }).fill(String(STAKE));
    await a.getByRole('button', { name: 'Submit' }).click();
    await a.getByText(`Bet matched: ${STAKE.toFixed(2)} matched at ${PRICE}`).waitFor();
    await waitForExposure(a, (-STAKE).toFixed(2));
    const aMatched = a.getByRole('region', { name: 'Matched' }).getByTestId('my-bet');
    await aMatched.waitFor();
    assert.equal(await aMatched.count(), 1);
    assert.match(await aMatched.textContent(), new RegExp(`${runner.nat}.*${PRICE}.*${STAKE.toFixed(2)}`));
    assert.equal(await a.getByTestId('my-order').count(), 0, 'nothing of A waits');
    await a.screenshot({ path: screenshotPath('exchange-matched-1366.png'), fullPage: true });

    // B's order filled: Unmatched empties and Matched holds the lay, pushed (its exposure is as it was).
    await b.getByRole('region', { name: 'Unmatched' }).getByText('No unmatched bets').waitFor({ timeout: 5_000 });
    const bMatched = b.getByRole('region', { name: 'Matched' }).getByTestId('my-bet');
    await bMatched.waitFor();
    assert.equal(await bMatched.count(), 1);
    assert.match(await bMatched.textContent(), new RegExp(`${runner.nat}.*${PRICE}.*${STAKE.toFixed(2)}`));
    assert.equal(await exposure(b), (-LIABILITY).toFixed(2));

    // The visitor's page: the money at the price is gone.
    await runnerRow(visitor).getByRole('button', { name: `back ${PRICE}` }).waitFor({ state: 'detached', timeout: 5_000 });
    assert.equal(visitorLoads, 0, 'the visitor never reloaded');
    await visitor.screenshot({ path: screenshotPath('exchange-visitor-after-1366.png') });
  });

  it('B places another lay, moves it up the ladder, sees it on the ladder view, cancels part of it and the rest; the exposure returns', T, async () => {
    const before = await exposure(b);
    await runnerRow(b).getByRole('button', { name: /^lay / }).first().click();
    const price = b.getByRole('textbox', { name: 'Odds' });
    await price.fill('2.6');
    await b.getByRole('textbox', { name: 'Stake' }).fill(String(STAKE));
    await b.getByRole('button', { name: 'Submit' }).click();
    await b.getByText(`Bet unmatched: ${STAKE.toFixed(2)} waiting in the book at 2.6`).waitFor();
    // The matched lay loses 150 if the runner wins, the new one 160 more.
    await waitForExposure(b, '-310.00');

    const order = b.getByTestId('my-order');
    await order.waitFor();
    await order.getByRole('button', { name: 'Edit price' }).click();
    const editor = b.getByTestId('price-editor');
    await editor.getByRole('button', { name: 'New odds up' }).click();
    assert.equal(await editor.getByRole('textbox', { name: 'New odds' }).inputValue(), '2.62');
    await editor.getByRole('button', { name: 'Confirm' }).click();
    await b.getByText(`Order moved to 2.62: ${STAKE.toFixed(2)} unmatched, waiting in the book`).waitFor();
    await b.waitForFunction(() => document.querySelector('[data-testid="my-order"]')?.textContent.includes('2.62'));
    await waitForExposure(b, '-312.00');

    // The ladder view: the order at its price, and B's position on the runner.
    await b.getByRole('region', { name: market.mname, exact: true }).getByRole('button', { name: 'Ladder' }).click();
    const ladder = b.getByRole('region', { name: `Ladder ${market.mname}` });
    const row = ladder.locator('[data-testid="ladder-row"][data-price="2.62"]');
    await row.getByTestId('my-lay').filter({ hasText: STAKE.toFixed(2) }).waitFor();
    assert.equal(await row.getByRole('button', { name: 'Back at 2.62' }).textContent(), STAKE.toFixed(2), 'the order is money to back for others');
    assert.equal(await ladder.getByTestId('ladder-position').first().textContent(), (-LIABILITY).toFixed(2), 'B loses the matched lay’s liability if the runner wins');
    await b.screenshot({ path: screenshotPath('exchange-ladder-1366.png'), fullPage: true });
    await ladder.screenshot({ path: screenshotPath('exchange-ladder-panel-1366.png') });
    // My Bet close up, once the toasts over it have gone.
    await b.waitForFunction(() => document.querySelectorAll('.notistack-MuiContent').length === 0, null, { timeout: 10_000 });
    await b.getByRole('region', { name: 'My Bet' }).screenshot({ path: screenshotPath('exchange-my-bet-1366.png') });

    // Part of it first: 40 of the 100 go, 60 keep their place at 2.62 (liability 60 × 1.62).
    await order.getByRole('button', { name: 'Cancel part' }).click();
    const part = b.getByTestId('part-cancel-editor');
    await part.getByRole('textbox', { name: 'Size to cancel' }).fill('140');
    await part.getByTestId('part-cancel-error').filter({ hasText: `At most ${STAKE.toFixed(2)}` }).waitFor();
    assert.equal(await part.getByRole('button', { name: 'Confirm' }).isDisabled(), true);
    await part.getByRole('textbox', { name: 'Size to cancel' }).fill('40');
    await b.getByRole('region', { name: 'My Bet' }).screenshot({ path: screenshotPath('exchange-part-cancel-1366.png') });
    await part.getByRole('button', { name: 'Confirm' }).click();
    await b.getByText('Cancelled 40.00: 60.00 still unmatched at 2.62').waitFor();
    await order.getByTestId('order-unmatched').filter({ hasText: '60.00' }).waitFor();
    await waitForExposure(b, '-247.20');
    await row.getByTestId('my-lay').filter({ hasText: '60.00' }).waitFor({ timeout: 5_000 });
    assert.equal(await row.getByRole('button', { name: 'Back at 2.62' }).textContent(), '60.00', 'the rest is still money to back');

    await order.getByRole('button', { name: 'Cancel', exact: true }).click();
    await b.getByText('Order cancelled').waitFor();
    await order.waitFor({ state: 'detached' });
    await waitForExposure(b, before);
    await row.getByTestId('my-lay').filter({ hasText: STAKE.toFixed(2) }).waitFor({ state: 'detached', timeout: 5_000 });
  });

  it('screenshots of My Bet and the ladder at 375 px', T, async () => {
    const page = await newPage(browser, server.url, { width: 375, height: 900 });
    await signIn(page, PLAYER_B.username, PLAYER_B.password);
    await page.goto(`/game-details/4/${fixture.gmid}`);
    await page.getByRole('region', { name: 'Matched' }).getByTestId('my-bet').waitFor();
    await page.getByRole('region', { name: market.mname, exact: true }).getByRole('button', { name: 'Ladder' }).click();
    await page.getByRole('region', { name: `Ladder ${market.mname}` }).getByTestId('ladder-row').first().waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: screenshotPath('exchange-ladder-375.png'), fullPage: true });
    await page.context().close();
  });
});

// A server that books match odds against the house (APP_EXCHANGE__MATCHING=false) tells the
// client so in its site configuration: the match-odds market takes a bet at the price shown, with
// the fixed-price slip (no ladder, no keep in play) and no Unmatched section in My Bet; the
// console offers no book view and no makers' panel.
describe('match odds on a server that does not match orders', () => {
  let server;
  let browser;

  before(async () => {
    server = await startServer({ APP_EXCHANGE__MATCHING: 'false', APP_FEED__SPEED: '0', APP_BETTING__INPLAY_DELAY_MS_PER_SEC: '0' });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a match-odds bet is a fixed-price bet at the cell’s price, matched at once', T, async () => {
    const config = await (await fetch(`${server.url}/api/domain/domain-config`)).json();
    assert.equal(config.data.exchange_matching, false);
    let found;
    for (const row of await data(server.url, '/front/highlightproduct', { etid: 4, type: 'all' })) {
      const { markets } = await data(server.url, `/front/matchstate?gmid=${row.gmid}`);
      const market = markets.find((m) => m.gtype === 'match' && m.status === 'OPEN' && m.section.every((s) => s.gstatus === 'ACTIVE' && s.odds.some((l) => l.otype === 'back')));
      if (market) {
        found = { fixture: row, market };
        break;
      }
    }
    assert.ok(found, 'an open match-odds market priced by the feed');
    const { fixture, market } = found;
    const section = market.section[0];
    const price = Math.max(...section.odds.filter((level) => level.otype === 'back').map((level) => level.odds));
    const page = await newPage(browser, server.url);
    await signIn(page, 'player1', 'player123');
    await page.goto(`/game-details/4/${fixture.gmid}`);
    const board = page.getByRole('region', { name: market.mname, exact: true });
    const row = board.getByTestId(`row-${market.mid}-${section.sid}`);
    await row.getByRole('button', { name: `back ${price}` }).first().click();
    await page.getByTestId('bet-slip').waitFor();
    assert.equal(await board.getByRole('button', { name: 'Ladder' }).count(), 0, 'no ladder view');
    assert.equal(await page.getByRole('textbox', { name: 'Odds' }).count(), 0, 'the price is the cell’s, not typed');
    assert.equal(await page.getByRole('checkbox', { name: 'Keep in play' }).count(), 0);
    await page.getByRole('textbox', { name: 'Stake' }).fill(String(STAKE));
    await page.screenshot({ path: screenshotPath('exchange-off-slip-1366.png') });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Bet placed successfully').waitFor();
    await waitForExposure(page, (-STAKE).toFixed(2));
    const matched = page.getByRole('region', { name: 'Matched' }).getByTestId('my-bet');
    await matched.waitFor();
    assert.match(await matched.textContent(), new RegExp(`${section.nat}.*${price}.*${STAKE.toFixed(2)}`));
    assert.equal(await page.getByRole('region', { name: 'Unmatched' }).count(), 0, 'no Unmatched section');
    await page.context().close();
  });

  it('the console’s feed page has no book view and no makers’ panel', T, async () => {
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'operator', 'operator123');
    await page.waitForURL('**/ops/users');
    await page.goto('/ops/feed');
    await page.locator('[data-testid="ops-fixture"] tr[data-mid]').first().waitFor({ timeout: 30_000 });
    assert.equal(await page.getByRole('button', { name: 'Book', exact: true }).count(), 0);
    assert.equal(await page.getByRole('region', { name: 'Market makers' }).count(), 0);
    await page.context().close();
  });
});
