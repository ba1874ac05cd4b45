// Sports pages against the real server with frozen prices (APP_FEED__SPEED=0) and no in-play
// delay: the live home table, a player backing match odds and seeing the header, My Bet and My
// Market follow, odds flashing when the operator moves a price, a visitor told to log in, and
// screenshots of home, match page and bet slip at 375 and 1366 px. Match odds are the exchange's:
// their prices are the market makers' orders, which follow the feed's fair price (re-quoted
// every second), and a back at the best back price is matched against them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, data, ladderStep, launchBrowser, loginViaUi, newPage, operatorToken, round2, screenshotPath, startServer, waitForOpenRound } from './harness.js';

const T = { timeout: 120_000 };
/** A moved fair price reaches the book at the makers' next re-quote (every second), then the pages. */
const REQUOTE_WAIT_MS = 5_000;
const ENV = { APP_FEED__SPEED: '0', APP_BETTING__INPLAY_DELAY_MS_PER_SEC: '0' };

/** A match-odds market (the book's prices, on the ladder) with every price of its first runner
 * moved `ticks` ladder steps: far enough that the makers quote it again. */
function movedOnLadder(market, ticks) {
  const [first, ...rest] = market.section;
  const odds = first.odds.map((level) => ({ ...level, odds: ladderStep(level.odds, ticks) }));
  return { ...market, section: [{ ...first, odds }, ...rest] };
}

/** The book's best back of a market's first runner, once it is no longer `before`: the makers
 * re-quote around the feed's new fair price (normalised over both runners, so not always the
 * feed's own price: docs/exchange.md). */
async function nextBestBack(baseUrl, market, before) {
  const sid = market.section[0].sid;
  for (let tries = 0; tries < 50; tries += 1) {
    const depth = await api(baseUrl, 'GET', `/exchange/depth/${market.gmid}/${market.mid}`);
    const best = depth.data.runners.find((runner) => runner.sid === sid)?.back[0]?.price;
    if (best !== undefined && best !== before) return best;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the book of market ${market.mid} did not move from ${before}`);
}

async function bestBackNow(baseUrl, market) {
  const depth = await api(baseUrl, 'GET', `/exchange/depth/${market.gmid}/${market.mid}`);
  return depth.data.runners.find((runner) => runner.sid === market.section[0].sid)?.back[0]?.price;
}

/** Records every odds cell that turns on its flash, from now on, by the price it shows while it
 * flashes (a makers' re-quote can empty a price and fill it again within one flash). */
async function watchFlashes(page) {
  await page.evaluate(() => {
    window.__flashes = [];
    new MutationObserver((records) => {
      for (const record of records) {
        const el = record.target;
        if (el.getAttribute && el.getAttribute('data-flash') === 'true') window.__flashes.push(el.getAttribute('aria-label'));
      }
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-flash', 'aria-label'] });
  });
}

describe('sports pages', () => {
  let server;
  let browser;
  let opToken;
  let cricket;
  let flashFixture;
  let shotFixture;
  let leavingFixture;

  before(async () => {
    server = await startServer(ENV);
    browser = await launchBrowser();
    opToken = await operatorToken(server.url);
    const rows = await data(server.url, '/front/highlightproduct', { etid: 4, type: 'all' });
    // Each test gets its own fixture: one is settled, one suspended on the way.
    [cricket, flashFixture, shotFixture, leavingFixture] = rows;
    assert.ok(leavingFixture, 'the simulator lists at least four cricket fixtures');
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const matchState = (gmid) => data(server.url, `/front/matchstate?gmid=${gmid}`);
  const inject = (events) => api(server.url, 'POST', '/ops/feed/events', { body: events, token: opToken });

  it('the home table shows live rows and follows a price change without reload', T, async () => {
    const page = await newPage(browser, server.url);
    await page.goto('/');
    const row = page.locator(`[data-testid="match-row"][data-gmid="${cricket.gmid}"]`);
    await row.waitFor();
    await page.getByTestId('ballbyball-row').waitFor();
    // Ball By Ball is a casino table: its row offers the table, not a row of empty prices.
    await page.getByTestId('ballbyball-row').getByRole('link', { name: 'Bet on every ball: play' }).waitFor();
    assert.equal(await page.getByTestId('ballbyball-row').getByText('-', { exact: true }).count(), 0, 'no dashes');
    assert.equal(await page.getByRole('link', { name: cricket.ename }).first().getAttribute('href'), `/game-details/4/${cricket.gmid}`);
    // Let the socket deliver its snapshot before the change, so the change arrives as a delta.
    await page.waitForTimeout(1000);

    // The home table shows the best prices of the match odds' book: the feed moves the fair price,
    // the makers re-quote around it and the book's new best back reaches the row.
    const matchOdds = (await matchState(cricket.gmid)).markets.find((m) => m.gtype === 'match');
    const before = await bestBackNow(server.url, matchOdds);
    const moved = movedOnLadder(matchOdds, 5);
    await inject([{ type: 'market_updated', market: moved }]);
    const price = await nextBestBack(server.url, moved, before);
    await row.getByRole('button', { name: `back ${price}` }).waitFor({ timeout: REQUOTE_WAIT_MS });

    await page.getByRole('tab', { name: 'Football' }).click();
    await page.locator('[data-testid="match-row"]').first().waitFor();
    assert.equal(await page.getByTestId('ballbyball-row').count(), 0, 'the Ball By Ball row is on the Cricket tab only');

    // Each sport's full list is reachable: from the tab and from the sidebar's sport heading.
    await page.getByRole('link', { name: 'All Football matches' }).first().click();
    await page.waitForURL('**/all-sports/1');
    await page.getByRole('heading', { name: 'Football' }).waitFor();
    await page.locator('[data-testid="match-row"]').first().waitFor();
    await page.getByRole('list', { name: 'All Sports tree' }).getByRole('link', { name: 'All Cricket matches' }).click();
    await page.waitForURL('**/all-sports/4');
    await page.locator(`[data-testid="match-row"][data-gmid="${cricket.gmid}"]`).waitFor();
    await page.context().close();
  });

  it('a player types a stake on a session line and sees its projected Run Amount before placing', T, async () => {
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();
    await page.goto(`/game-details/4/${cricket.gmid}`);
    // A session line taking bets now (lines suspend while a ball is in play).
    const yes = await page.waitForFunction(
      () => {
        for (const row of document.querySelectorAll('section[aria-label="Fancy"] [data-testid^="row-"]')) {
          const cell = row.querySelector('button[aria-label^="back "]:not([aria-label="back no price"])');
          if (cell && !row.querySelector('[data-testid="status-overlay"]')) return { row: row.getAttribute('data-testid'), label: cell.getAttribute('aria-label') };
        }
        return null;
      },
      null,
      { timeout: 30_000 },
    );
    const { row: rowId, label } = await yes.jsonValue();
    const line = Number(label.replace('back ', ''));
    const row = page.getByTestId(rowId);
    await row.getByRole('button', { name: label }).first().click();
    await page.getByRole('textbox', { name: 'Stake' }).fill('100');
    // No bet on the line yet: the worst case is the stake, and the Book shows both sides of the line.
    assert.equal(await row.getByTestId('projected-run-book').textContent(), '» -100.00');
    const win = Number(await page.getByTestId('slip-profit').textContent());
    await row.getByRole('button', { name: 'Book' }).click();
    const table = page.getByRole('dialog').getByRole('table', { name: 'Run Amount' });
    assert.equal(await table.locator(`tr[data-run="${line - 1}"] [data-testid="projected-run"]`).textContent(), '-100.00', 'a Yes loses below its line');
    assert.equal(await table.locator(`tr[data-run="${line}"] [data-testid="projected-run"]`).textContent(), win.toFixed(2), 'and wins the slip’s profit from it');
    await page.getByRole('button', { name: 'Close' }).click();
    // A bigger stake moves the projection as it is typed.
    await page.getByRole('textbox', { name: 'Stake' }).fill('250');
    await page.waitForFunction((id) => document.querySelector(`[data-testid="${id}"] [data-testid="projected-run-book"]`)?.textContent === '» -250.00', rowId);
    await page.context().close();
  });

  it('a visitor clicking odds is told to log in', T, async () => {
    const page = await newPage(browser, server.url);
    await page.goto(`/game-details/4/${cricket.gmid}`);
    const market = page.getByRole('region', { name: 'Match Odds' });
    await market.getByRole('button', { name: /^back \d/ }).first().click();
    await page.getByText('Please login to access!').waitFor();
    assert.equal(await page.getByTestId('bet-slip').count(), 0);
    await page.context().close();
  });

  it('a player backs match odds and the header, My Bet and My Market follow without reload', T, async () => {
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();
    const balanceBefore = Number(await page.getByLabel('Balance').getAttribute('title'));
    await page.goto(`/game-details/4/${cricket.gmid}`);
    const market = page.getByRole('region', { name: 'Match Odds' });
    // The book's best back: what the makers' lays offer (the first test moved the feed's price).
    const price = await bestBackNow(server.url, (await matchState(cricket.gmid)).markets.find((m) => m.gtype === 'match'));
    await market.getByRole('button', { name: `back ${price}` }).first().click();
    const slip = page.getByTestId('bet-slip');
    await slip.waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Stake' }).inputValue(), '');
    assert.ok(await page.getByRole('button', { name: 'Submit' }).isDisabled(), 'Submit waits for a stake');
    await page.getByRole('textbox', { name: 'Stake' }).fill('200');
    assert.equal(await page.getByTestId('slip-profit').textContent(), (round2((price - 1) * 200)).toFixed(2));
    // Before placing, every runner shows what its book would be if the bet were matched.
    const projected = await market.getByTestId('projected-book').allTextContents();
    const runners = (await matchState(cricket.gmid)).markets.find((m) => m.gtype === 'match').section.length;
    assert.equal(projected.length, runners, 'a projection per runner');
    assert.equal(projected[0], `» ${round2((price - 1) * 200).toFixed(2)}`, 'the backed runner wins the profit');
    for (const other of projected.slice(1)) assert.equal(other, '» -200.00', 'the others lose the stake');
    await page.getByRole('button', { name: 'Submit' }).click();
    // The makers' lays at the best back price take the whole bet.
    await page.getByText(`Bet matched: 200.00 matched at ${price}`).waitFor();

    await page.waitForFunction(() => document.querySelector('[data-testid="exposure"]')?.textContent === '-200.00');
    // The header's balance is what is left to bet with: the liability is held.
    await page.waitForFunction((value) => document.querySelector('[aria-label="Balance"]')?.getAttribute('title') === value, (balanceBefore - 200).toFixed(2));
    assert.equal(await slip.count(), 0, 'the slip is cleared after the answer');
    const myBet = page.getByRole('region', { name: 'Matched' }).getByTestId('my-bet');
    await myBet.first().waitFor();
    assert.equal(await myBet.count(), 1);
    await market.getByTestId('runner-book').first().waitFor();

    await page.getByRole('button', { name: 'Exposure' }).click();
    const dialog = page.getByRole('dialog', { name: 'My Market' });
    const marketRow = dialog.getByTestId('my-market-row');
    await marketRow.first().waitFor();
    assert.match(await marketRow.first().textContent(), /Match Odds\s*1/);
    assert.equal(await dialog.getByRole('link', { name: cricket.ename }).getAttribute('href'), `/game-details/4/${cricket.gmid}`);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Settling the match (home wins) pays the back bet, less the exchange's 5 % commission on the
    // win (rounded down to the minor unit): balance and exposure move at once.
    await api(server.url, 'POST', `/ops/feed/${cricket.gmid}/finish`, { body: { winner: 'home', remark: 'match over' }, token: opToken });
    const winMinor = Math.round((price - 1) * 200 * 100);
    const expected = (balanceBefore + (winMinor - Math.floor((winMinor * 5) / 100)) / 100).toFixed(2);
    await page.waitForFunction((value) => document.querySelector('[aria-label="Balance"]')?.getAttribute('title') === value, expected, { timeout: 10_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="exposure"]')?.textContent === '0.00');
    await page.context().close();
  });

  it('a finished match leaves the sidebar tree and the ticker without reload', T, async () => {
    const page = await newPage(browser, server.url);
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await page.goto('/');
    const tree = page.getByRole('list', { name: 'All Sports tree' });
    const ticker = page.getByTestId('latest-events');
    await tree.getByRole('link', { name: leavingFixture.ename }).waitFor();
    await ticker.getByRole('link', { name: leavingFixture.ename }).first().waitFor({ state: 'attached' });
    const loadsBefore = loads;
    await api(server.url, 'POST', `/ops/feed/${leavingFixture.gmid}/finish`, { body: { winner: 'home', remark: 'navigation test' }, token: opToken });
    await tree.getByRole('link', { name: leavingFixture.ename }).waitFor({ state: 'detached', timeout: 5_000 });
    await page.waitForFunction((name) => ![...document.querySelectorAll('[data-testid="latest-events"] a')].some((a) => a.textContent === name), leavingFixture.ename, { timeout: 5_000 });
    await tree.getByRole('link', { name: flashFixture.ename }).waitFor();
    assert.equal(loads, loadsBefore, 'no reload');

    // Its page (a bookmark, an old statement row) shows how it ended, not "No data available".
    await page.goto(`/game-details/4/${leavingFixture.gmid}`);
    const final = page.getByTestId('final-result');
    await final.waitFor();
    assert.ok((await final.getByTestId('final-message').textContent()).length > 0);
    const home = leavingFixture.section.find((runner) => runner.sno === 1).nat;
    await final.getByTestId('final-market').filter({ hasText: 'Match Odds' }).filter({ hasText: home }).waitFor();
    assert.equal(await page.getByText('No data available').count(), 0);
    await page.context().close();
  });

  it('My Market lists a casino bet by table and round, with its exposure', T, async () => {
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();
    const exposureBefore = Number((await page.getByTestId('exposure').textContent()).replace(/,/g, ''));
    // The tables run at real time here: a round takes bets for 20 s.
    await page.goto('/casino/teen20');
    await waitForOpenRound(page, 8, 30_000);
    const mid = (await page.getByTestId('round-id').textContent()).replace('Round ID:', '').trim();
    await page.getByTestId('item-1').getByRole('button', { name: 'back 1.98' }).click();
    await page.getByRole('textbox', { name: 'Stake' }).fill('100');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Bet placed successfully').waitFor();
    await page.waitForFunction((want) => document.querySelector('[data-testid="exposure"]')?.textContent === want, (exposureBefore - 100).toFixed(2));

    await page.getByRole('button', { name: 'Exposure' }).click();
    const dialog = page.getByRole('dialog', { name: 'My Market' });
    const roundRow = dialog.locator('[data-testid="my-market-row"][data-casino="true"]');
    await roundRow.waitFor();
    assert.match(await roundRow.textContent(), new RegExp(`Teen Patti 20-20\\s*Round ${mid}\\s*1`));
    assert.equal(await roundRow.getByTestId('my-market-exposure').textContent(), '-100.00');
    await roundRow.getByRole('link', { name: 'Teen Patti 20-20' }).click();
    await page.waitForURL('**/casino/teen20');
    await page.context().close();
  });

  it('odds cells change and flash without reload when the operator moves a price', T, async () => {
    const fixture = flashFixture;
    const page = await newPage(browser, server.url);
    await page.goto(`/game-details/4/${fixture.gmid}`);
    const market = page.getByRole('region', { name: 'Match Odds' });
    await market.getByRole('button', { name: /^back \d/ }).first().waitFor();
    await page.waitForTimeout(1000);
    await watchFlashes(page);

    const { markets } = await matchState(fixture.gmid);
    // The fair price moves; the makers' re-quote moves the book's best back with it.
    const matchOdds = markets.find((m) => m.gtype === 'match');
    const before = await bestBackNow(server.url, matchOdds);
    const moved = movedOnLadder(matchOdds, 5);
    await inject([{ type: 'market_updated', market: moved }]);
    const price = await nextBestBack(server.url, moved, before);
    await market.getByRole('button', { name: `back ${price}` }).waitFor({ timeout: REQUOTE_WAIT_MS });
    const flashes = await page.evaluate(() => window.__flashes);
    assert.ok(flashes.includes(`back ${price}`), `the changed cell flashed (saw ${flashes.join(', ')})`);
    await page.waitForTimeout(400);
    assert.equal(await page.locator('[data-flash="true"]').count(), 0, 'the flash ends after 200 ms');

    // A suspended market shows its status over the prices.
    await inject([{ type: 'market_updated', market: { ...moved, status: 'SUSPENDED' } }]);
    await market.getByTestId('status-overlay').first().waitFor();
    assert.equal(await market.getByTestId('status-overlay').first().textContent(), 'SUSPENDED');
    // The overlay hides the prices under it: none shows, and the overlay is what lies there.
    const row = market.locator(`[data-testid^="row-${moved.mid}-"]`).first();
    assert.equal(await row.getByRole('button', { name: /^(back|lay) / }).count(), 0, 'no price is shown under the overlay');
    const box = await row.getByTestId('status-overlay').boundingBox();
    const under = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="status-overlay"]') !== null, { x: box.x + box.width / 4, y: box.y + box.height / 2 });
    assert.ok(under, 'the overlay covers the cells');
    assert.equal(await row.getByTestId('status-overlay').evaluate((el) => getComputedStyle(el).backgroundColor.startsWith('rgb(')), true, 'an opaque cover');

    // A decided market names its winner (a page opened after it was decided).
    const winner = moved.section[0];
    await inject([
      { type: 'market_updated', market: { ...moved, status: 'CLOSED', section: moved.section.map((sec) => ({ ...sec, gstatus: 'CLOSED' })) } },
      { type: 'market_settled', gmid: fixture.gmid, mid: moved.mid, result: { kind: 'winner', sid: winner.sid } },
    ]);
    await page.reload();
    const decided = page.getByRole('region', { name: new RegExp(`^Match Odds · Winner: ${winner.nat}$`) });
    await decided.waitFor();
    assert.equal(await decided.locator(`[data-testid="row-${moved.mid}-${winner.sid}"]`).getByTestId('status-overlay').textContent(), 'Winner');
    await page.screenshot({ path: screenshotPath('match-decided-1366.png') });
    await page.context().close();
  });

  for (const width of [375, 1366]) {
    it(`screenshots of home, match page and bet slip at ${width} px`, T, async () => {
      const fixture = shotFixture;
      const page = await newPage(browser, server.url, { width, height: 900 });
      await loginViaUi(page, 'player1', 'player123');
      await page.getByTestId('balance').waitFor();
      await page.goto('/');
      await page.locator('[data-testid="match-row"]').first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: screenshotPath(`sports-home-${width}.png`), fullPage: true });

      await page.goto(`/game-details/4/${fixture.gmid}`);
      const market = page.getByRole('region', { name: 'Match Odds' });
      await market.getByRole('button', { name: /^back \d/ }).first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: screenshotPath(`match-page-${width}.png`), fullPage: width > 400 });

      await market.getByRole('button', { name: /^back \d/ }).last().click();
      await page.getByTestId('bet-slip').waitFor();
      await page.getByRole('button', { name: '1k', exact: true }).click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: screenshotPath(`bet-slip-${width}.png`) });
      await page.context().close();
    });
  }
});
