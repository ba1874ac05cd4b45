// The bet slip against the real server: what it shows before placing is what the ledger takes,
// and a refused bet is not lost.
// - Every sports market type (match odds on the exchange, bookmaker, fancy, fancy1, odd-even,
//   meter, khado, cricket casino), back and lay where offered, and every casino table: the slip's
//   liability before placing equals the header's exposure increase after, to the minor unit.
// - A bet refused because its price moved, or because the line turned BALL RUNNING during the
//   in-play delay, stays on the slip as typed with the reason on it; the player's odds setting
//   (exact price only, accept better odds, accept any odds) is applied by the server, and the
//   bet shows the price it was taken at.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, data, launchBrowser, loginViaUi, newPage, operatorToken, screenshotPath, startServer, waitForOpenRound } from './harness.js';

const T = { timeout: 120_000 };
/** A stake with pence, so a preview that rounds where the ledger floors shows. */
const STAKE = '123.45';
/** Casino stakes are whole units. */
const CASINO_STAKE = '123';
const RUNNER_TYPES = new Set(['match', 'match1', 'cricketcasino']);

/** The header's exposure to the minor unit (its title is the exact figure; the text abbreviates). */
async function exposureMinor(page) {
  return Math.round(Number(await page.locator('[aria-label="Exposure"]').first().getAttribute('title')) * 100);
}

/** The slip's liability, in minor units. */
async function slipLiabilityMinor(page) {
  return Math.round(Number(await page.getByTestId('slip-liability').textContent()) * 100);
}

/** Submits the open slip and resolves to the exposure after, once the header moved; or to the
 * reason when the bet was refused (the slip's, or a new error toast where the slip clears). */
async function submitAndReadExposure(page, beforeMinor, submit = () => page.getByRole('button', { name: 'Submit' }).click()) {
  const toastsBefore = await page.locator('.notistack-MuiContent-error').count();
  await submit();
  // Sending clears the reason of an earlier refusal.
  await page.getByTestId('slip-rejection').waitFor({ state: 'detached' });
  const moved = await page.waitForFunction(
    ([before, toasts]) => {
      const title = document.querySelector('[aria-label="Exposure"]')?.getAttribute('title');
      if (title !== null && title !== undefined && Math.round(Number(title) * 100) !== before) return { ok: true };
      const reason = document.querySelector('[data-testid="slip-rejection"]');
      if (reason) return { ok: false, reason: reason.textContent };
      const errors = document.querySelectorAll('.notistack-MuiContent-error');
      return errors.length > toasts ? { ok: false, reason: errors[errors.length - 1].textContent } : null;
    },
    [beforeMinor, toastsBefore],
    { timeout: 15_000 },
  );
  const outcome = await moved.jsonValue();
  if (!outcome.ok) return { refused: outcome.reason };
  return { afterMinor: await exposureMinor(page) };
}

/** The best (level 0) price of `side` of a section, if it has one. */
function bestPrice(section, side) {
  return section.odds.find((level) => level.otype === side && level.tno === 0 && level.odds > 0)?.odds;
}

/** The best price of one side of an exchange runner as its page shows it: the order book's (the
 * makers quote around the feed's fair price, not always at the feed's own price). */
async function bookPrice(baseUrl, market, sid, side) {
  const depth = (await api(baseUrl, 'GET', `/exchange/depth/${market.gmid}/${market.mid}`)).data;
  return depth.runners.find((runner) => runner.sid === sid)?.[side][0]?.price;
}

describe('the sports slip shows what the ledger takes', () => {
  let server;
  let browser;
  let page;
  let markets;

  before(async () => {
    server = await startServer({ APP_FEED__SPEED: '0', APP_BETTING__INPLAY_DELAY_MS_PER_SEC: '0' });
    browser = await launchBrowser();
    markets = [];
    for (const row of await data(server.url, '/front/highlightproduct', { etid: 4, type: 'all' })) {
      const state = await data(server.url, `/front/matchstate?gmid=${row.gmid}`);
      markets.push(...state.markets.filter((market) => market.status === 'OPEN'));
    }
    page = await newPage(browser, server.url);
    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  // Each bet goes in a book of its own (a runner market is one book; a line's book is its own),
  // so the exposure it adds is its own liability.
  const used = new Set();
  async function freshSelection(gtype, side) {
    for (const market of markets.filter((m) => m.gtype === gtype)) {
      for (const section of market.section) {
        const book = RUNNER_TYPES.has(gtype) ? `${market.mid}` : `${market.mid}:${section.sid}`;
        // Match odds trade on the exchange: the price on the page is the order book's.
        const price = gtype === 'match' ? await bookPrice(server.url, market, section.sid, side) : bestPrice(section, side);
        if (used.has(book) || section.gstatus !== 'ACTIVE' || price === undefined) continue;
        used.add(book);
        return { gmid: market.gmid, mid: market.mid, sid: section.sid, price };
      }
    }
    return null;
  }

  const CASES = [
    ['match', 'back'],
    ['match', 'lay'],
    ['match1', 'back'],
    ['match1', 'lay'],
    ['fancy', 'back'],
    ['fancy', 'lay'],
    ['fancy1', 'back'],
    ['fancy1', 'lay'],
    ['oddeven', 'back'],
    ['oddeven', 'lay'],
    ['meter', 'back'],
    ['meter', 'lay'],
    ['khado', 'back'],
    ['cricketcasino', 'back'],
  ];

  for (const [gtype, side] of CASES) {
    it(`${gtype} ${side}: the slip's liability is the exposure the bet adds`, T, async () => {
      const selection = await freshSelection(gtype, side);
      assert.ok(selection, `an open ${gtype} section to ${side} on a book of its own`);
      await page.goto(`/game-details/4/${selection.gmid}`);
      await page.locator(`[data-testid="row-${selection.mid}-${selection.sid}"] button[aria-label="${side} ${selection.price}"]`).first().click();
      await page.getByRole('textbox', { name: 'Stake' }).fill(STAKE);
      const liabilityMinor = await slipLiabilityMinor(page);
      assert.ok(liabilityMinor > 0, 'the slip shows a liability');
      const beforeMinor = await exposureMinor(page);
      const placed = await submitAndReadExposure(page, beforeMinor);
      assert.ok(!placed.refused, `refused: ${placed.refused}`);
      const addedMinor = -(placed.afterMinor - beforeMinor);
      if (gtype === 'match') {
        // An exchange order is a limit: the slip's liability is the most it takes, at its price.
        // Best execution can match it better (on two runners, through the other runner's money
        // too: implied matching, docs/exchange.md), and then it takes less, never more.
        assert.ok(addedMinor > 0 && addedMinor <= liabilityMinor, `${gtype} ${side} at ${selection.price}: exposure added ${addedMinor} vs the slip's liability ${liabilityMinor}`);
      } else {
        assert.equal(addedMinor, liabilityMinor, `${gtype} ${side} at ${selection.price}: exposure added (minor units) vs the slip's liability`);
      }
    });
  }

  it('lay is not offered where the ledger refuses it (khado, cricket casino)', T, async () => {
    for (const gtype of ['khado', 'cricketcasino']) {
      const market = markets.find((m) => m.gtype === gtype);
      assert.ok(market, `a ${gtype} market`);
      await page.goto(`/game-details/4/${market.gmid}`);
      const row = page.locator(`[data-testid="row-${market.mid}-${market.section[0].sid}"]`);
      await row.waitFor();
      assert.equal(await row.locator('button[aria-label^="lay "]').count(), 0, `${gtype}: no lay cell`);
    }
  });
});

describe('a refused bet stays on the slip, and the odds setting is the server’s', () => {
  let server;
  let browser;
  let opToken;

  before(async () => {
    // Frozen prices, and a one-second-a-second in-play delay (the simulator's in-play lines wait
    // their `rc` seconds).
    server = await startServer({ APP_FEED__SPEED: '0', APP_BETTING__INPLAY_DELAY_MS_PER_SEC: '1000' });
    browser = await launchBrowser();
    opToken = await operatorToken(server.url);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const inject = (market) => api(server.url, 'POST', '/ops/feed/events', { body: [{ type: 'market_updated', market }], token: opToken });

  /** Open markets of `gtype` with every section active; with `inPlay`, only in-play ones that
   * hold a bet for their delay. */
  async function openMarkets(gtype, inPlay = false) {
    const found = [];
    for (const row of await data(server.url, '/front/highlightproduct', { etid: 4, type: 'all' })) {
      if (inPlay && !row.iplay) continue;
      const state = await data(server.url, `/front/matchstate?gmid=${row.gmid}`);
      found.push(...state.markets.filter((m) => m.gtype === gtype && m.status === 'OPEN' && m.section.every((s) => s.gstatus === 'ACTIVE') && (!inPlay || m.rc > 0)));
    }
    return found;
  }

  /** The market with the back price of its first section moved by `by` (a bookmaker rate). */
  function movedBack(market, by) {
    const [first, ...rest] = market.section;
    const odds = first.odds.map((level) => (level.otype === 'back' ? { ...level, odds: level.odds + by } : level));
    return { ...market, section: [{ ...first, odds }, ...rest] };
  }

  async function signedIn() {
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();
    return page;
  }

  /** The Odds My Bet shows for the player's bet on `nat` (the price the server says it took). */
  async function myBetOdds(page, nat) {
    const row = page.getByTestId('my-bet').filter({ hasText: nat });
    await row.waitFor();
    return Number(await row.getByRole('cell').nth(1).textContent());
  }

  it('a bet whose price moved is kept with “Odds changed”; accepting better odds takes it at the better price', T, async () => {
    const [market] = await openMarkets('match1');
    assert.ok(market, 'an open bookmaker market');
    const asked = bestPrice(market.section[0], 'back');
    const page = await signedIn();
    await page.goto(`/game-details/4/${market.gmid}`);
    const row = page.locator(`[data-testid="row-${market.mid}-${market.section[0].sid}"]`);
    await row.locator(`button[aria-label="back ${asked}"]`).first().click();
    await page.getByRole('textbox', { name: 'Stake' }).fill(STAKE);
    const setting = page.getByRole('combobox', { name: 'If the odds change' });
    assert.equal(await setting.inputValue(), 'exact', 'exact price only unless the player chose otherwise');

    // The bookmaker raises the back rate before the bet is sent: exact refuses it.
    const better = movedBack(market, 2);
    await inject(better);
    await row.locator(`button[aria-label="back ${asked + 2}"]`).first().waitFor();
    const beforeMinor = await exposureMinor(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    const rejection = page.getByTestId('slip-rejection');
    await rejection.waitFor();
    assert.equal(await rejection.textContent(), 'Not placed: Odds changed');
    assert.equal(await page.getByRole('textbox', { name: 'Stake' }).inputValue(), STAKE, 'the stake is kept');
    assert.equal(await page.getByTestId('bet-slip').getByLabel('Odds', { exact: true }).textContent(), String(asked), 'the price asked is kept');
    assert.equal(await exposureMinor(page), beforeMinor, 'nothing taken');
    await page.screenshot({ path: screenshotPath('slip-odds-changed-1366.png'), fullPage: false });

    // Accepting better odds, the same slip is taken at the better rate.
    await setting.selectOption('better');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Bet placed successfully').waitFor();
    assert.equal(await page.getByTestId('bet-slip').count(), 0, 'a placed bet clears the slip');
    assert.equal(await myBetOdds(page, market.section[0].nat), asked + 2, 'My Bet shows the price taken');

    // The setting is the player's: it stays for the next slip, in this browser.
    await page.reload();
    await row.locator(`button[aria-label="back ${asked + 2}"]`).first().click();
    assert.equal(await page.getByRole('combobox', { name: 'If the odds change' }).inputValue(), 'better');
    await page.context().close();
  });

  it('accepting any odds takes a worse price; accepting better odds does not', T, async () => {
    const [, market] = await openMarkets('match1');
    assert.ok(market, 'a second open bookmaker market');
    const asked = bestPrice(market.section[0], 'back');
    const page = await signedIn();
    await page.goto(`/game-details/4/${market.gmid}`);
    const row = page.locator(`[data-testid="row-${market.mid}-${market.section[0].sid}"]`);
    await row.locator(`button[aria-label="back ${asked}"]`).first().click();
    await page.getByRole('textbox', { name: 'Stake' }).fill(STAKE);
    const setting = page.getByRole('combobox', { name: 'If the odds change' });
    await setting.selectOption('better');
    await inject(movedBack(market, -1));
    await row.locator(`button[aria-label="back ${asked - 1}"]`).first().waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('slip-rejection').filter({ hasText: 'Odds changed' }).waitFor();

    await setting.selectOption('any');
    const beforeMinor = await exposureMinor(page);
    const liabilityMinor = await slipLiabilityMinor(page);
    const placed = await submitAndReadExposure(page, beforeMinor);
    assert.ok(!placed.refused, `refused: ${placed.refused}`);
    assert.equal(beforeMinor - placed.afterMinor, liabilityMinor, 'a back risks its stake at any price');
    assert.equal(await myBetOdds(page, market.section[0].nat), asked - 1, 'taken at the worse price the player accepted');
    await page.context().close();
  });

  it('a market that turns BALL RUNNING during the in-play delay refuses the bet, which stays on the slip', T, async () => {
    // The simulator's in-play match odds wait their delay (`rc` seconds); its other markets none.
    const [market] = await openMarkets('match', true);
    assert.ok(market, 'an in-play market with a delay');
    const section = market.section[0];
    const price = await bookPrice(server.url, market, section.sid, 'back');
    const page = await signedIn();
    await page.goto(`/game-details/4/${market.gmid}`);
    await page.locator(`[data-testid="row-${market.mid}-${section.sid}"] button[aria-label="back ${price}"]`).first().click();
    await page.getByRole('textbox', { name: 'Stake' }).fill(STAKE);
    await page.getByRole('button', { name: 'Submit' }).click();
    // While the bet waits its delay, the ball is bowled.
    await inject({ ...market, section: market.section.map((s) => ({ ...s, gstatus: 'BALL RUNNING' })) });
    const rejection = page.getByTestId('slip-rejection');
    await rejection.waitFor({ timeout: market.rc * 1000 + 10_000 });
    assert.equal(await rejection.textContent(), 'Not placed: Market is BALL RUNNING');
    assert.equal(await page.getByRole('textbox', { name: 'Stake' }).inputValue(), STAKE, 'the stake is kept');
    assert.equal(await page.getByTestId('bet-slip').getAttribute('data-side'), 'back');
    await page.screenshot({ path: screenshotPath('slip-ball-running-1366.png'), fullPage: false });

    // The ball is dead again: the same slip goes through.
    await inject(market);
    const beforeMinor = await exposureMinor(page);
    const liabilityMinor = await slipLiabilityMinor(page);
    const placed = await submitAndReadExposure(page, beforeMinor);
    assert.ok(!placed.refused, `refused: ${placed.refused}`);
    assert.equal(beforeMinor - placed.afterMinor, liabilityMinor);
    await page.context().close();
  });

  it('the slip with its reason at 390 px', T, async () => {
    const [, , market] = await openMarkets('match1');
    assert.ok(market, 'a third open bookmaker market');
    const asked = bestPrice(market.section[0], 'back');
    const page = await newPage(browser, server.url, { width: 390, height: 844 });
    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();
    await page.goto(`/game-details/4/${market.gmid}`);
    await page.locator(`[data-testid="row-${market.mid}-${market.section[0].sid}"] button[aria-label="back ${asked}"]`).first().click();
    await page.getByRole('textbox', { name: 'Stake' }).fill('100');
    await page.getByRole('combobox', { name: 'If the odds change' }).selectOption('exact');
    await inject(movedBack(market, -1));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('slip-rejection').waitFor();
    await page.screenshot({ path: screenshotPath('slip-odds-changed-390.png'), fullPage: false });
    await page.context().close();
  });
});

describe('the casino slip shows what the ledger takes', () => {
  let server;
  let browser;
  let page;

  before(async () => {
    server = await startServer({ APP_CASINO__SPEED: '10' });
    browser = await launchBrowser();
    page = await newPage(browser, server.url);
    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Waits until the last round's bets settled (exposure back to 0), then for a betting window. */
  async function freshWindow() {
    await page.waitForFunction(() => document.querySelector('[aria-label="Exposure"]')?.getAttribute('title') === '0.00', null, { timeout: 30_000 });
    await waitForOpenRound(page, 10, 30_000);
  }

  /** Selects with `select`, types the stake, places, and compares the slip's liability with the
   * exposure added; a round that closed under the bet is tried again in the next one. */
  async function placeAndCompare(label, select, { liability = slipLiabilityMinor, stake = (p) => p.getByRole('textbox', { name: 'Stake' }), submit } = {}) {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await freshWindow();
      await select();
      await stake(page).fill(CASINO_STAKE);
      const liabilityMinor = await liability(page);
      assert.ok(liabilityMinor > 0, `${label}: the slip shows a liability`);
      const beforeMinor = await exposureMinor(page);
      const placed = await submitAndReadExposure(page, beforeMinor, submit);
      if (placed.refused) {
        const reset = page.getByRole('button', { name: 'Reset' });
        if ((await reset.count()) > 0) await reset.click();
        continue;
      }
      assert.equal(beforeMinor - placed.afterMinor, liabilityMinor, `${label}: exposure added (minor units) vs the slip's liability`);
      return;
    }
    assert.fail(`${label}: no round took the bet in three tries`);
  }

  /** An item's back cell: an odds cell (`back 1.98`), a sic bo box (`Small back 2`) or a roulette
   * number (`Number 7 back 36`). */
  const BACK_CELLS = '[data-testid^="item-"] button[aria-label^="back "], [data-testid^="item-"] button[aria-label*=" back "], button[data-testid^="item-"][aria-label*=" back "]';
  const TABLES = ['teen20', 'lucky7', 'dt20', 'ab20', 'card32', 'baccarat', 'roulette', 'war', 'sicbo', 'poker20', 'race20', 'ballbyball', 'superover'];
  for (const gtype of TABLES) {
    it(`${gtype}: back, and lay where offered`, T, async () => {
      await page.goto(`/casino/${gtype}`);
      await page.getByTestId('betting-table').waitFor();
      await placeAndCompare(`${gtype} back`, () => page.locator(BACK_CELLS).first().click());
      const lay = page.locator('[data-testid^="item-"] button[aria-label^="lay "]:not([aria-label="lay no price"])');
      if ((await lay.count()) > 0) await placeAndCompare(`${gtype} lay`, () => lay.first().click());
    });
  }

  // Pick tables: the pick built on the pad, then selected into the slip (the lottery's goes on its
  // ticket, whose total is what it risks).
  const PICKS = {
    worli: { sid: 11, taps: ['8', '1', '2'] },
    '3cardj': { sid: 1, taps: ['K', 'A', '7'] },
    kbc: { sid: 2, answers: ['Red', 'Odd', '7 Up', 'A23'] },
  };
  for (const [gtype, pick] of Object.entries(PICKS)) {
    it(`${gtype}: a pick from the pad`, T, async () => {
      await page.goto(`/casino/${gtype}`);
      const pad = page.getByTestId(`pick-${pick.sid}`);
      await pad.waitFor();
      for (const tap of pick.taps ?? []) await pad.getByRole('button', { name: tap, exact: true }).click();
      for (const [index, answer] of (pick.answers ?? []).entries()) await pad.getByRole('group').nth(index).getByRole('button', { name: answer, exact: true }).click();
      await pad.getByTestId('pick-quote').filter({ hasText: ' at ' }).waitFor();
      await placeAndCompare(`${gtype} pick`, () => pad.getByRole('button', { name: 'Select' }).click());
    });
  }

  it('lottcard: a ticket risks its total', T, async () => {
    await page.goto('/casino/lottcard');
    const pad = page.getByTestId('pick-1');
    await pad.waitFor();
    await pad.getByRole('button', { name: '7', exact: true }).click();
    await pad.getByTestId('pick-quote').filter({ hasText: ' at ' }).waitFor();
    const ticket = page.getByTestId('lottery-ticket');
    await placeAndCompare('lottcard ticket', async () => {
      if ((await ticket.getByTestId('ticket-line').count()) === 0) await pad.getByRole('button', { name: 'Add to ticket' }).click();
    }, {
      stake: () => ticket.getByRole('textbox', { name: /^Stake on / }),
      liability: async () => Math.round(Number((await ticket.getByText(/^Total: /).textContent()).replace('Total: ', '')) * 100),
      submit: () => ticket.getByRole('button', { name: 'Place ticket' }).click(),
    });
  });
});
