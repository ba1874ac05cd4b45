// The player's report pages against the real server: player1 makes real bets through the API
// (a sports back settled by the operator's finish, a teen20 bet on a live round run ten times
// faster, and two open sports bets), then the browser checks the account statement (Sport and
// Casino Reports, their result modals), the casino results page, current bets, the activity log
// and its pagination, and takes screenshots of each page at 375 and 1366 px.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  api,
  data,
  launchBrowser,
  loginToken,
  loginViaUi,
  newPage,
  operatorToken,
  placeTeen20Back,
  round2,
  screenshotPath,
  sealedCall,
  startServer,
  teen20Result,
} from './harness.js';

const T = { timeout: 60_000 };
const ENV = { APP_CASINO__SPEED: '10', APP_FEED__SPEED: '0', APP_BETTING__INPLAY_DELAY_MS_PER_SEC: '0' };
const START_BALANCE = 100_000;
const SPORTS_STAKE = 200;
const CASINO_STAKE = 100;
/** Logins through the API on top of the browser's, so the activity log has two pages of 10. */
const EXTRA_LOGINS = 12;

function bestPrice(section, side) {
  const prices = section.odds.filter((level) => level.otype === side).map((level) => level.odds);
  return side === 'back' ? Math.max(...prices) : Math.min(...prices);
}

/** Cricket fixtures with an open match-odds market whose runners all take bets. */
async function openMatchMarkets(baseUrl, count) {
  const found = [];
  for (const fixture of await data(baseUrl, '/front/highlightproduct', { etid: 4, type: 'all' })) {
    const markets = await data(baseUrl, `/front/gamedetailPrivate?etid=4&gmid=${fixture.gmid}`);
    const market = markets.find((m) => m.gtype === 'match' && m.status === 'OPEN' && m.section.every((s) => s.gstatus === 'ACTIVE'));
    if (market) found.push({ fixture, market });
    if (found.length === count) return found;
  }
  throw new Error(`fewer than ${count} open match-odds markets`);
}

async function placeSports(baseUrl, token, market, index, side, amount, requestId) {
  const section = market.section[index];
  const price = bestPrice(section, side);
  const body = { gameId: market.gmid, marketId: market.mid, sectionId: section.sid, uRate: price, amount, betType: side, requestId };
  const reply = await sealedCall(baseUrl, 'POST', '/bet/place', token, body);
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return { price, section };
}

const text = async (locator) => (await locator.textContent()).trim();

describe('report pages', () => {
  let server;
  let browser;
  let sports; // the settled sports bet
  let casino; // the resulted casino round
  let openBets; // the two open sports bets
  let page; // player1 signed in at 1366 px, shared by the tests in turn

  before(async () => {
    server = await startServer(ENV);
    browser = await launchBrowser();
    const opToken = await operatorToken(server.url);
    const token = await loginToken(server.url);
    const [settled, open] = await openMatchMarkets(server.url, 2);

    // A back on the home runner, then the home side wins: the row is a credit.
    const placed = await placeSports(server.url, token, settled.market, 0, 'back', SPORTS_STAKE, 'report-settled');
    await api(server.url, 'POST', `/ops/feed/${settled.fixture.gmid}/finish`, { body: { winner: 'home', remark: 'match over' }, token: opToken });
    // Matched at the price asked or better (best execution: on two runners also through the
    // other runner's backs, at a price between ladder ticks): the ledger's settled profit is the
    // one the pages must show.
    const statement = await sealedCall(server.url, 'GET', '/bet/account-statement?type=game', token);
    const profit = statement.body.data.find((row) => row.marketId === settled.market.mid)?.totalProfit;
    assert.ok(profit >= round2((placed.price - 1) * SPORTS_STAKE), `won ${profit}, at least what ${placed.price} pays`);
    sports = { ...settled, ...placed, profit, pts: START_BALANCE + profit };

    // Two open bets, a back and a lay, for Current Bets.
    const back = await placeSports(server.url, token, open.market, 0, 'back', 150, 'report-open-back');
    const lay = await placeSports(server.url, token, open.market, 1, 'lay', 120, 'report-open-lay');
    openBets = { ...open, back, lay };

    const { mid } = await placeTeen20Back(server.url, token, { amount: CASINO_STAKE, requestPrefix: 'casino' });
    casino = { mid, detail: await teen20Result(server.url, token, mid) };

    for (let i = 0; i < EXTRA_LOGINS; i += 1) {
      await loginToken(server.url);
    }
    // One session per user: every later login ends this page's session, so only the 375 px
    // screenshots (the last test) sign in again.
    page = await signedIn();
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  async function signedIn(width = 1366) {
    const fresh = await newPage(browser, server.url, { width, height: 900 });
    await loginViaUi(fresh, 'player1', 'player123');
    await fresh.getByTestId('balance').waitFor();
    return fresh;
  }

  async function chooseOption(label, option) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('the Sport Report lists the settled bet with its amounts and opens its result with the bet', T, async () => {
    await page.goto('/account-statement');
    await chooseOption('Report type', 'Sport Report');
    await page.getByRole('button', { name: 'Submit' }).click();
    const remark = `${sports.fixture.ename} / ${sports.market.mname}`;
    // The market's own row (its commission, if it won, is the row above, opening nothing).
    const row = page.locator('[data-testid="statement-row"][data-opens="bets"]').filter({ hasText: remark });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    assert.deepEqual(cells.slice(2), [sports.profit.toFixed(2), '', sports.pts.toFixed(2), remark]);

    await row.click();
    const dialog = page.getByRole('dialog', { name: `${sports.fixture.ename} Result` });
    await dialog.waitFor();
    assert.equal(await text(dialog.getByTestId('result-round-id')), String(sports.market.mid));
    const bets = dialog.getByTestId('result-bet');
    assert.equal(await bets.count(), 1);
    const betCells = await bets.first().getByRole('cell').allTextContents();
    assert.deepEqual(betCells.slice(1, 5), [sports.section.nat, String(sports.price), SPORTS_STAKE.toFixed(2), sports.profit.toFixed(2)]);
    assert.equal(await text(dialog.getByTestId('market-result').getByText(sports.section.nat, { exact: true })), sports.section.nat, 'the winner is the runner backed');
    assert.equal(await text(dialog.getByTestId('result-total-bets')), '1');
    assert.equal(await text(dialog.getByTestId('result-total-amount')), SPORTS_STAKE.toFixed(2));
    assert.equal(await text(dialog.getByTestId('result-profit')), sports.profit.toFixed(2));
    await page.screenshot({ path: screenshotPath('reports-sport-result-1366.png') });
    // The radios filter: the bet is a back, so Lay and Deleted show none.
    await dialog.getByRole('radio', { name: 'Lay' }).check();
    assert.equal(await bets.count(), 0);
    assert.equal(await text(dialog.getByTestId('result-total-bets')), '0');
    await dialog.getByRole('radio', { name: 'Deleted' }).check();
    assert.equal(await bets.count(), 0);
    await dialog.getByRole('radio', { name: 'Back' }).check();
    assert.equal(await bets.count(), 1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('Casino Reports list the round and open its result with the cards', T, async () => {
    await page.goto('/account-statement');
    // Casino Reports is the default report.
    const row = page.getByTestId('statement-row').filter({ hasText: casino.mid });
    await row.waitFor();
    const profit = casino.detail.totalProfit;
    const cells = await row.getByRole('cell').allTextContents();
    assert.equal(cells[profit < 0 ? 3 : 2], profit.toFixed(2), 'the round is a credit or debit of its profit');
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Teen Patti 20-20 Result' });
    await dialog.waitFor();
    assert.equal(await text(dialog.getByTestId('result-round-id')), casino.mid);
    const cards = casino.detail.result.hands.flatMap((hand) => hand.cards);
    assert.ok(cards.length >= 6, 'teen20 deals three cards a hand');
    for (const card of cards) await dialog.locator(`[data-card="${card}"]`).first().waitFor();
    await dialog.getByTestId('round-result').getByText(casino.detail.result.winner, { exact: true }).first().waitFor();
    assert.equal(await dialog.getByTestId('result-bet').count(), 1);
    assert.equal(await text(dialog.getByTestId('result-profit')), profit.toFixed(2));
  });

  it('the casino results page finds the round by its id and opens its dialog', T, async () => {
    await page.goto('/casino-results');
    await page.getByRole('combobox', { name: 'Casino Type' }).getByText('Select Casino Type').waitFor();
    assert.ok(await page.getByRole('button', { name: 'Submit' }).isDisabled(), 'Submit needs a casino type');
    await chooseOption('Casino Type', 'Teen Patti 20-20');
    await page.getByRole('button', { name: 'Submit' }).click();
    const rows = page.getByTestId('casino-result-row');
    await rows.first().waitFor();
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill(casino.mid);
    assert.equal(await rows.count(), 1);
    assert.equal(await text(page.getByTestId('showing-text')), 'Showing 1 to 1 of 1 entries');
    assert.deepEqual(await rows.first().getByRole('cell').allTextContents(), [casino.mid, casino.detail.result.winner]);
    await rows.first().click();
    const dialog = page.getByRole('dialog', { name: 'Teen Patti 20-20 Result' });
    await dialog.waitFor();
    assert.equal(await text(dialog.getByTestId('result-round-id')), casino.mid);
    assert.equal(await dialog.getByTestId('result-bet').count(), 1);
    assert.equal(await text(dialog.getByTestId('result-total-amount')), CASINO_STAKE.toFixed(2));
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('no such round');
    await page.getByRole('cell', { name: 'No results found' }).waitFor();
    assert.equal(await text(page.getByTestId('showing-text')), 'Showing 0 to 0 of 0 entries');

    // The casino page's View All link preselects the table and loads its results.
    await page.goto('/casino-results?type=teen20');
    await page.getByRole('combobox', { name: 'Casino Type' }).getByText('Teen Patti 20-20').waitFor();
    await page.getByTestId('casino-result-row').filter({ hasText: casino.mid }).waitFor();

    // Clicked on the table's page, scrolled down to its last results, it opens the results at
    // their top (not at the scroll of the page it left, where the list looked empty).
    await page.goto('/casino/teen20');
    const viewAll = page.getByRole('link', { name: 'View All' });
    await viewAll.waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    assert.ok((await page.evaluate(() => window.scrollY)) > 0, 'the table page scrolls');
    await viewAll.click();
    await page.waitForURL((url) => url.pathname === '/casino-results');
    await page.getByTestId('casino-result-row').filter({ hasText: casino.mid }).waitFor();
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the results open at their top');

    // With no table chosen, the empty list says what to do.
    await page.goto('/casino-results');
    await page.getByRole('cell', { name: /Choose a casino table/ }).waitFor();
  });

  it('current bets show the open back and lay bets, coloured, filtered and totalled', T, async () => {
    await page.goto('/current-bet');
    const rows = page.getByTestId('current-bet-row');
    await rows.nth(1).waitFor();
    // Each fill is a bet: an order matched at two prices, or partly through the other runner
    // (implied matching), is two rows. Each side's rows add up to its stake.
    const bySideRows = (side) => page.locator(`[data-testid="current-bet-row"][data-side="${side}"]`);
    const amounts = async (side) => (await bySideRows(side).evaluateAll((els) => els.map((el) => Number(el.querySelectorAll('td')[6]?.textContent)))).reduce((a, b) => a + b, 0);
    const count = await rows.count();
    const layCount = await bySideRows('lay').count();
    assert.ok(count >= 2 && layCount >= 1, `a back and a lay (${count} rows)`);
    assert.equal(Math.round((await amounts('back')) * 100), 15000, 'the back rows add up to its stake');
    assert.equal(Math.round((await amounts('lay')) * 100), 12000, 'the lay rows add up to its stake');
    assert.equal(await text(page.getByTestId('current-total-bets')), String(count));
    assert.equal(await text(page.getByTestId('current-total-amount')), '270.00');
    const layCells = await bySideRows('lay').first().getByRole('cell').allTextContents();
    assert.deepEqual(layCells.slice(1, 5), ['Cricket', openBets.fixture.ename, openBets.market.mname, openBets.lay.section.nat]);
    const colours = await rows.evaluateAll((els) => els.map((el) => [el.getAttribute('data-side'), getComputedStyle(el).backgroundColor]));
    const bySide = Object.fromEntries(colours);
    assert.equal(bySide.back, 'rgb(114, 187, 239)', 'back rows are blue');
    assert.equal(bySide.lay, 'rgb(249, 148, 186)', 'lay rows are pink');

    await page.getByRole('radio', { name: 'Lay' }).check();
    assert.equal(await rows.count(), layCount);
    assert.equal(await text(page.getByTestId('current-total-amount')), '120.00');
    await page.getByRole('radio', { name: 'All' }).check();
    await page.getByRole('checkbox', { name: 'Select all rows' }).check();
    assert.equal(await page.getByRole('checkbox', { name: 'Select row', checked: true }).count(), count);

    await chooseOption('Type', 'Casino');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('cell', { name: 'No data available' }).waitFor();
  });

  it('the activity log lists the logins and its pagination disables and jumps', T, async () => {
    // Every login so far this week (each test signs in through the page too), as the server counts them.
    const firstPage = page.waitForResponse((response) => response.url().includes('/api/userLog'));
    await page.goto('/activity-log');
    const { total } = await (await firstPage).json();
    const rows = page.getByTestId('activity-row');
    await rows.nth(9).waitFor();
    assert.ok(total > 10, `enough logins for two pages (${total})`);
    assert.equal(await text(page.getByTestId('showing-text')), `Showing 1 to 10 of ${total} entries`);
    const first = await rows.first().getByRole('cell').allTextContents();
    assert.equal(first[0], 'player1');
    assert.match(first[1], /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    assert.equal(first[2], '127.0.0.1');

    const nav = page.getByRole('navigation', { name: 'Pagination' });
    const button = (name) => nav.getByRole('button', { name, exact: true });
    assert.ok(await button('First').isDisabled());
    assert.ok(await button('Previous').isDisabled());
    await button('Next').click();
    await page.getByText(`Showing 11 to ${total} of ${total} entries`).waitFor();
    assert.equal(await rows.count(), total - 10);
    assert.ok(await button('Next').isDisabled());
    assert.ok(await button('Last').isDisabled());
    // Go to page: out of range is ignored, a valid page jumps.
    await nav.getByRole('textbox', { name: 'Go to page' }).fill('9');
    await button('Go').click();
    await nav.getByText('Page 2 of 2').waitFor();
    await nav.getByRole('textbox', { name: 'Go to page' }).fill('1');
    await button('Go').click();
    await nav.getByText('Page 1 of 2').waitFor();
    await page.getByText(`Showing 1 to 10 of ${total} entries`).waitFor();

    // Search is sent after typing stops; nothing matches this address.
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('203.0.113');
    await page.getByRole('cell', { name: 'No data available' }).waitFor();
  });

  for (const width of [1366, 375]) {
    it(`screenshots of the report pages at ${width} px`, T, async () => {
      if (width !== 1366) {
        await page.context().close();
        page = await signedIn(width);
      }
      const shot = async (name) => {
        await page.waitForTimeout(300);
        await page.screenshot({ path: screenshotPath(`reports-${name}-${width}.png`), fullPage: true });
      };
      await page.goto('/account-statement');
      await page.getByTestId('statement-row').first().waitFor();
      await shot('account-statement');
      await page.getByTestId('statement-row').filter({ hasText: casino.mid }).click();
      await page.getByTestId('round-result').waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: screenshotPath(`reports-result-modal-${width}.png`) });
      await page.getByRole('button', { name: 'Close' }).click();

      await page.goto('/current-bet');
      await page.getByTestId('current-bet-row').first().waitFor();
      await shot('current-bets');
      await page.goto('/activity-log');
      await page.getByTestId('activity-row').first().waitFor();
      await shot('activity-log');
      await page.goto('/casino-results?type=teen20');
      await page.getByTestId('casino-result-row').first().waitFor();
      await shot('casino-results');
    });
  }
});
