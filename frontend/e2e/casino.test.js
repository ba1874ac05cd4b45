// Live casino against the real server with the tables ten times faster (APP_CASINO__SPEED=10, a
// round in about 4 s): a visitor's tiles on the home page and in the lobby say how to watch; a player
// backs Player A on Teen Patti 20-20 and, without reloading, sees the toast, the bet in My Bet and
// the exposure in the header, then the countdown, the cards, the result, the round in the results
// strip and the balance settle; a table the administrator locked is locked in the lobby and its
// bets are refused with the server's message. Screenshots of the lobby and two tables at 375 and
// 1366 px.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { data, launchBrowser, loginViaUi, newPage, playerAtTable, screenshotPath, startServer, waitForOpenRound } from './harness.js';

const T = { timeout: 60_000 };
const ENV = { APP_CASINO__SPEED: '10' };
const STAKE = 100;
/** Player A backs at 1.98: a win pays 0.98 per 1 staked, a tie returns the stake. */
const PAYOUT = { 'Player A': STAKE * 0.98, 'Player B': -STAKE, Tie: 0 };

/** Records, from now on, what the table page shows: countdown values, round states, cards dealt. */
async function recordTable(page) {
  await page.evaluate(() => {
    const seen = { lt: [], status: [], cards: [], nextLt: [], stage: [], lanes: {}, balls: [] };
    window.__casino = seen;
    const note = (list, value) => {
      if (value !== null && list[list.length - 1] !== value) list.push(value);
    };
    const read = () => {
      note(seen.lt, document.querySelector('[data-testid="countdown"]')?.getAttribute('data-lt') ?? null);
      note(seen.nextLt, document.querySelector('[data-testid="countdown"]')?.getAttribute('data-next-lt') ?? null);
      note(seen.status, document.querySelector('[data-testid="round-status"]')?.getAttribute('data-status') ?? null);
      note(seen.cards, document.querySelector('[data-testid="round-hands"]')?.getAttribute('data-cards') ?? null);
      note(seen.stage, document.querySelector('[data-testid="poker-board"]')?.getAttribute('data-stage') ?? null);
      note(seen.balls, document.querySelector('[data-testid="over-board"]')?.getAttribute('data-ball') ?? null);
      for (const lane of document.querySelectorAll('[data-testid="race-lane"]')) {
        const suit = lane.getAttribute('data-suit');
        seen.lanes[suit] = Math.max(seen.lanes[suit] ?? 0, Number(lane.getAttribute('data-steps')));
      }
    };
    read();
    new MutationObserver(read).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** The settled round is a line of the account statement (Casino Reports): a credit of what it won or a debit of what it lost. */
async function expectInStatement(page, mid, pnl) {
  await page.goto('/account-statement');
  const row = page.getByTestId('statement-row').filter({ hasText: mid });
  await row.waitFor();
  const cells = await row.getByRole('cell').allTextContents();
  assert.equal(cells[pnl < 0 ? 3 : 2], pnl.toFixed(2), `round ${mid} in the statement: ${cells}`);
}

describe('live casino', () => {
  let server;
  let browser;

  before(async () => {
    server = await startServer(ENV);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a visitor is told how to watch by every casino tile on the home page and in the lobby', T, async () => {
    const page = await newPage(browser, server.url);
    await page.goto('/');
    const homeTiles = page.getByTestId('casino-grid').getByTestId('casino-tile');
    await homeTiles.first().waitFor();
    assert.equal(await homeTiles.count(), 17, 'Our Casino lists every table');
    for (const tile of await homeTiles.all()) assert.equal(await tile.getAttribute('data-access'), 'login');
    await homeTiles.first().click();
    await page.getByRole('dialog', { name: /^Watch / }).getByRole('link', { name: 'Login' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/', 'a visitor’s tile does not navigate');
    await page.keyboard.press('Escape');

    await page.goto('/casino-list/LC/4/35');
    const lobbyTiles = page.getByRole('region', { name: 'Our Casino' }).getByTestId('casino-tile');
    await lobbyTiles.first().waitFor();
    assert.equal(await lobbyTiles.count(), 17);
    for (const tile of await lobbyTiles.all()) assert.equal(await tile.getAttribute('data-access'), 'login');

    // The fixed header links switch the type; Poker lists Poker 20-20.
    await page.getByRole('navigation', { name: 'Casino types' }).getByRole('link', { name: 'Teenpatti' }).click();
    // The list of the type replaces the whole lobby (the old list, which also holds the tile, may
    // still show for a moment after the URL changes), so wait for the one tile to be all there is.
    const onlyTile = (gmid) => page.waitForFunction((g) => {
      const tiles = [...document.querySelectorAll('[data-testid="casino-tile"]')];
      return tiles.length === 1 && tiles[0].getAttribute('data-gmid') === g;
    }, gmid);
    await page.waitForURL('**/casino-list/LC/4/20');
    await onlyTile('teen20');
    await page.getByRole('link', { name: 'Poker' }).click();
    await page.waitForURL('**/casino-list/LC/4/21');
    await onlyTile('poker20');
    await page.context().close();
  });

  it('a player bets on Teen Patti and follows the round to its settlement without reload', T, async () => {
    const { page, loads } = await playerAtTable(browser, server.url, 'teen20');
    await page.getByRole('heading', { name: 'Teen Patti 20-20' }).waitFor();
    const balanceBefore = Number(await page.getByLabel('Balance').getAttribute('title'));

    // An open round with enough of its (ten times faster) countdown left to place the bet.
    await waitForOpenRound(page, 14);
    const mid = (await page.getByTestId('round-id').textContent()).replace('Round ID:', '').trim();
    assert.match(mid, /^\d{13}$/);
    await recordTable(page);

    await page.getByTestId('item-1').getByRole('button', { name: 'back 1.98' }).click();
    await page.getByRole('textbox', { name: 'Stake' }).fill(String(STAKE));
    assert.equal(await page.getByTestId('slip-profit').textContent(), '98.00');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Bet placed successfully').waitFor();

    // The bet in My Bet and the exposure in the header, without reload.
    const myBet = page.getByTestId('my-bet').filter({ hasText: 'Player A' });
    await myBet.waitFor();
    assert.match(await myBet.textContent(), /1\.98.*100\.00/);
    await page.waitForFunction(() => document.querySelector('[data-testid="exposure"]')?.textContent === '-100.00');

    // The round runs on: its id joins the results strip once resulted.
    const entry = page.locator(`[data-testid="results-strip"] [data-mid="${mid}"]`);
    await entry.waitFor({ timeout: 15_000 });
    const winner = (await entry.getAttribute('aria-label')).replace(`Round ${mid}: `, '');
    assert.ok(winner in PAYOUT, `unexpected winner ${winner}`);
    assert.equal(await page.locator('[data-testid="results-strip"] [data-testid="result-badge"]').first().getAttribute('data-mid'), mid, 'newest first');

    // Settlement moves balance and exposure back.
    const expected = (balanceBefore + PAYOUT[winner]).toFixed(2);
    await page.waitForFunction(
      (want) => document.querySelector('[aria-label="Balance"]')?.getAttribute('title') === want && document.querySelector('[data-testid="exposure"]')?.textContent === '0.00',
      expected,
    );

    const seen = await page.evaluate(() => window.__casino);
    const lts = seen.lt.map(Number);
    assert.ok(lts.length >= 5, `the countdown ticked: ${lts}`);
    assert.ok(lts.slice(0, lts.indexOf(0) === -1 ? undefined : lts.indexOf(0)).every((v, i, all) => i === 0 || v < all[i - 1]), `counting down: ${lts}`);
    assert.ok(lts.includes(0), 'the countdown reached 0');
    assert.deepEqual(seen.status.slice(0, 3), ['OPEN', 'SUSPENDED', 'RESULT'], 'betting, dealing, result');
    const cards = seen.cards.map(Number);
    assert.ok(cards.some((count) => count > 0 && count < 6), `cards appear one by one: ${cards}`);
    assert.ok(cards.includes(6), 'all six cards dealt');
    assert.equal(loads(), 0, 'no reload');
    await expectInStatement(page, mid, PAYOUT[winner]);
    await page.context().close();
  });

  // An item of each table, and what a stake of 100 on it makes by the round's winner text: the
  // payouts of casino-rules.md (a half lose, a push, Andar's first-card half win).
  const FIRST_ITEM = {
    lucky7: { nat: 'LOW Card', rate: 2, pnl: (winner) => ({ 'LOW Card': [100], Seven: [-50] })[winner] ?? [-STAKE] },
    dt20: { nat: 'Dragon', rate: 2, won: (winner) => winner === 'Dragon' },
    ab20: { nat: 'Andar', rate: 2, pnl: (winner) => (winner === 'Andar' ? [50, 100] : [-STAKE]) },
    card32: { nat: 'Player 8', rate: 12.25, won: (winner) => winner === 'Player 8' },
    baccarat: { nat: 'Player', rate: 2, won: (winner) => winner === 'Player', push: (winner) => winner === 'Tie' },
    roulette: { nat: 'Red', rate: 2, won: (winner) => winner.endsWith(' Red') },
    war: { nat: 'Player 1 Winner', rate: 1.98, won: (winner) => /^Player /.test(winner) && winner.replace('Player ', '').split(', ').includes('1') },
    sicbo: { nat: 'Small', rate: 2, won: (winner) => winner === 'Small' },
    // The kings run on the track; the winner's reaches the flag.
    race20: {
      nat: 'K Spade',
      rate: 3.9,
      won: (winner) => winner === 'Spades',
      scene: (seen, winner) => {
        assert.deepEqual(Object.keys(seen.lanes).sort(), ['Clubs', 'Diamonds', 'Hearts', 'Spades']);
        assert.equal(seen.lanes[winner], 5, `the winner's king at the finish: ${JSON.stringify(seen.lanes)}`);
      },
    },
    // The board opens in stages, with a countdown before each.
    poker20: {
      nat: 'Player A',
      rate: 1.98,
      won: (winner) => winner === 'Player A',
      push: (winner) => winner === 'Tie',
      scene: (seen) => {
        assert.deepEqual(seen.stage.filter((stage, i, all) => all.indexOf(stage) === i).slice(0, 4), ['Hole cards', 'Flop', 'Turn', 'River']);
        assert.ok(seen.nextLt.some((lt) => Number(lt) > 0), `a countdown between stages: ${seen.nextLt}`);
      },
    },
    // The over's scoreboard moves on a ball a round.
    ballbyball: {
      nat: 'Dot ball',
      rate: 4.15,
      won: (winner) => winner === 'Dot ball',
      scene: (seen) => assert.ok(seen.balls.length >= 1 && seen.balls.every((ball) => Number(ball) >= 1 && Number(ball) <= 6), `balls of the over: ${seen.balls}`),
    },
    // Backed before the first ball, at the opening price; a tie returns the stake.
    superover: { nat: 'Team A', rate: 1.93, won: (winner) => winner === 'Team A', push: (winner) => winner === 'Tie' },
  };
  const pnlsOf = (item, winner) => item.pnl?.(winner) ?? [item.push?.(winner) ? 0 : item.won(winner) ? Math.round(STAKE * (item.rate - 1) * 100) / 100 : -STAKE];

  for (const [gtype, item] of Object.entries(FIRST_ITEM)) {
    it(`a player bets on ${gtype} and sees the round settle in the balance and the account statement`, T, async () => {
      const page = await newPage(browser, server.url);
      await loginViaUi(page, 'player1', 'player123');
      await page.getByTestId('balance').waitFor();
      await page.goto(`/casino/${gtype}`);
      await page.getByTestId('betting-table').waitFor();
      // 1.4 s of a ten-times betting window left for the click, the stake and the submit.
      await waitForOpenRound(page, 14);
      const balanceBefore = Number(await page.getByLabel('Balance').getAttribute('title'));
      const mid = (await page.getByTestId('round-id').textContent()).replace('Round ID:', '').trim();
      await recordTable(page);
      const cell = page.locator(`[data-testid^="item-"][data-nat="${item.nat}"]`);
      await cell.getByRole('button', { name: `back ${item.rate}` }).click();
      await page.getByRole('textbox', { name: 'Stake' }).fill(String(STAKE));
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Bet placed successfully').waitFor();
      await page.getByTestId('my-bet').filter({ hasText: item.nat }).waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="exposure"]')?.textContent === '-100.00');

      const entry = page.locator(`[data-testid="results-strip"] [data-mid="${mid}"]`);
      await entry.waitFor({ timeout: 15_000 });
      const winner = (await entry.getAttribute('aria-label')).replace(`Round ${mid}: `, '');
      const allowed = pnlsOf(item, winner).map((pnl) => (balanceBefore + pnl).toFixed(2));
      await page.waitForFunction(
        (want) => want.includes(document.querySelector('[aria-label="Balance"]')?.getAttribute('title')) && document.querySelector('[data-testid="exposure"]')?.textContent === '0.00',
        allowed,
      );
      const pnl = Math.round((Number(await page.getByLabel('Balance').getAttribute('title')) - balanceBefore) * 100) / 100;
      if (gtype === 'sicbo') {
        const faces = await page.locator('[data-testid="dice"] [data-die]').evaluateAll((dice) => dice.map((d) => d.getAttribute('data-die')));
        assert.equal(faces.length, 3, 'three dice drawn');
      }
      item.scene?.(await page.evaluate(() => window.__casino), winner);
      await expectInStatement(page, mid, pnl);
      await page.context().close();
    });
  }

  // Pick tables: the pick built on the item's pad, and whether it won by the round's winner text
  // (an oracle of its own, from the rules: Worli's patti, the drawn number, the dealt ranks, the
  // cards answering KBC's questions).
  const RED_SUITS = ['HH', 'DD'];
  const kbcAnswers = (cardText) => {
    const rank = cardText.slice(0, -2);
    const value = { A: 1, J: 11, Q: 12, K: 13 }[rank] ?? Number(rank);
    const groups = [[1, 2, 3], [4, 5, 6], [8, 9, 10], [11, 12, 13]];
    return {
      colour: RED_SUITS.includes(cardText.slice(-2)) ? 'Red' : 'Black',
      parity: value % 2 === 1 ? 'Odd' : 'Even',
      seven: value > 7 ? '7 Up' : value < 7 ? '7 Down' : 'none',
      group: ['A23', '456', '8910', 'JQK'][groups.findIndex((g) => g.includes(value))] ?? 'none',
    };
  };
  const PICK_TABLES = {
    worli: { sid: 11, taps: ['8', '1', '2'], nat: 'Single Patti 128', won: (winner) => winner.startsWith('Patti 128 ') },
    // The lottery's picks go on a ticket (one line removed again before it is placed).
    lottcard: { sid: 1, taps: ['7'], nat: 'Single 7', won: (winner) => winner.endsWith('7'), ticket: { sid: 2, taps: ['0', '7'], nat: 'Double 07' } },
    '3cardj': { sid: 1, taps: ['K', 'A', '7'], nat: 'Yes A 7 K', won: (winner) => winner.split(/, | and /).some((rank) => ['Ace', '7', 'King'].includes(rank)) },
    kbc: {
      sid: 2,
      answers: ['Red', 'Odd', '7 Up', 'A23'],
      nat: '4 Cards Quit Red, Odd, 7 Up, A23',
      won: (winner) => {
        const answers = winner.split(' ').slice(0, 4).map(kbcAnswers);
        return answers[0].colour === 'Red' && answers[1].parity === 'Odd' && answers[2].seven === '7 Up' && answers[3].group === 'A23';
      },
    },
  };

  for (const [gtype, table] of Object.entries(PICK_TABLES)) {
    it(`a player picks on ${gtype}'s pad, bets, and sees the round settle without reload`, T, async () => {
      const page = await newPage(browser, server.url);
      await loginViaUi(page, 'player1', 'player123');
      await page.getByTestId('balance').waitFor();
      await page.goto(`/casino/${gtype}`);
      const pad = page.getByTestId(`pick-${table.sid}`);
      await pad.waitFor();
      // The pick is built on the pad (any time), quoted by the server, then selected in a window.
      for (const tap of table.taps ?? []) await pad.getByRole('button', { name: tap, exact: true }).click();
      for (const [index, answer] of (table.answers ?? []).entries()) {
        await pad.getByRole('group').nth(index).getByRole('button', { name: answer, exact: true }).click();
      }
      const quote = pad.getByTestId('pick-quote');
      await page.waitForFunction(([sid, nat]) => document.querySelector(`[data-testid="pick-${sid}"] [data-testid="pick-quote"]`)?.textContent?.startsWith(`${nat} at `), [table.sid, table.nat]);
      const rate = Number((await quote.textContent()).split(' at ')[1]);
      assert.ok(rate > 1, `a quoted rate: ${rate}`);
      const ticket = page.getByTestId('lottery-ticket');
      if (table.ticket) {
        // A ticket is built at any time (each pick quoted); only placing it needs an open round.
        await pad.getByRole('button', { name: 'Add to ticket' }).click();
        const other = page.getByTestId(`pick-${table.ticket.sid}`);
        for (const tap of table.ticket.taps) await other.getByRole('button', { name: tap, exact: true }).click();
        await other.getByTestId('pick-quote').filter({ hasText: `${table.ticket.nat} at ` }).waitFor();
        await other.getByRole('button', { name: 'Add to ticket' }).click();
        await ticket.getByTestId('ticket-line').nth(1).waitFor();
        await ticket.getByRole('button', { name: `Remove ${table.ticket.nat}` }).click();
        assert.deepEqual(await ticket.getByTestId('ticket-line').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-nat'))), [table.nat]);
      }
      await waitForOpenRound(page, 12);
      const balanceBefore = Number(await page.getByLabel('Balance').getAttribute('title'));
      const mid = (await page.getByTestId('round-id').textContent()).replace('Round ID:', '').trim();
      if (table.ticket) {
        await ticket.getByRole('textbox', { name: `Stake on ${table.nat}` }).fill(String(STAKE));
        await ticket.getByRole('button', { name: 'Place ticket' }).click();
      } else {
        await pad.getByRole('button', { name: 'Select' }).click();
        await page.getByRole('textbox', { name: 'Stake' }).fill(String(STAKE));
        await page.getByRole('button', { name: 'Submit' }).click();
      }
      await page.getByText('Bet placed successfully').waitFor();
      await page.getByTestId('my-bet').filter({ hasText: table.nat }).waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="exposure"]')?.textContent === '-100.00');

      const entry = page.locator(`[data-testid="results-strip"] [data-mid="${mid}"]`);
      await entry.waitFor({ timeout: 15_000 });
      const winner = (await entry.getAttribute('aria-label')).replace(`Round ${mid}: `, '');
      const pnl = table.won(winner) ? Math.round(STAKE * (rate - 1) * 100) / 100 : -STAKE;
      const expected = (balanceBefore + pnl).toFixed(2);
      await page.waitForFunction(
        (want) => document.querySelector('[aria-label="Balance"]')?.getAttribute('title') === want && document.querySelector('[data-testid="exposure"]')?.textContent === '0.00',
        expected,
      );
      if (table.ticket) {
        // The placed ticket is gone; Repeat brings it back and Clear empties it.
        assert.equal(await ticket.getByTestId('ticket-line').count(), 0);
        await ticket.getByRole('button', { name: 'Repeat' }).click();
        assert.equal(await ticket.getByTestId('ticket-line').getAttribute('data-nat'), table.nat);
        await ticket.getByRole('button', { name: 'Clear' }).click();
        assert.equal(await ticket.getByTestId('ticket-line').count(), 0);
      }
      await expectInStatement(page, mid, pnl);
      await page.context().close();
    });
  }

  it("the cricketv page shows the server's round clock ticking and its own rules", T, async () => {
    const hits = await data(server.url, '/front/searchgame', { name: 'Virtual Cricket T5' });
    const fixture = hits.find((hit) => hit.iscc === 1);
    assert.ok(fixture, 'the simulator runs a cricket-virtual table');
    const page = await newPage(browser, server.url);
    await page.goto(`/cricketv/${fixture.etid}/${fixture.gmid}`);
    const clock = page.getByTestId('round-clock');
    await page.waitForFunction(() => document.querySelector('[data-testid="round-clock"]')?.getAttribute('data-seconds') !== '');
    // The clock is the server's (the match's time since its start, or to it), not the page's age:
    // the page's seconds match the simulated clock (running at real time here) read from the API.
    const state = await data(server.url, `/front/cricketvdata?gmid=${fixture.gmid}`);
    const skewMs = state.clock_ms - Date.now();
    const startMs = Date.parse(state.fixture.stime);
    const agree = () =>
      page.waitForFunction(
        ([skew, start]) => Math.abs(Number(document.querySelector('[data-testid="round-clock"]')?.getAttribute('data-seconds')) - (Date.now() + skew - start) / 1000) <= 2,
        [skewMs, startMs],
        { timeout: 5_000 },
      );
    await agree().catch(async () => assert.fail(`page ${await clock.getAttribute('data-seconds')} s, server ${(Date.now() + skewMs - startMs) / 1000} s`));
    // It is pushed: it moves on without reload, and still agrees.
    const first = Number(await clock.getAttribute('data-seconds'));
    await page.waitForFunction((was) => Number(document.querySelector('[data-testid="round-clock"]')?.getAttribute('data-seconds')) >= was + 2, first, { timeout: 10_000 });
    await agree();
    assert.match(await clock.textContent(), /^(Starts in )?\d\d:\d\d$/);

    await page.getByRole('main').getByRole('button', { name: 'Rules' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cricket V Rules' });
    await dialog.getByText('Cricket V', { exact: true }).waitFor();
    await dialog.getByText(/5 overs a side/).waitFor();
    assert.equal(await dialog.getByText('General', { exact: true }).count(), 0, "only the table's own rules");
    await page.context().close();
  });

  it('the dealing is drawn as motion: cards fly in and turn, dice roll, the roulette ball lands', T, async () => {
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();
    const motions = [
      ['teen20', '[data-testid="round-hands"] [data-card]', 'exchange-deal'],
      ['sicbo', '[data-testid="dice"] [data-die]:not([data-die=""])', 'exchange-roll'],
      ['roulette', '[data-testid="roulette-wheel"][data-state="landed"] [data-testid="wheel-rotor"]', 'exchange-wheel-land'],
    ];
    for (const [gtype, selector, motion] of motions) {
      await page.goto(`/casino/${gtype}`);
      // Found and read in one step: a face the next round replaces is detached, and a detached
      // element has no computed style.
      const shown = await page.waitForFunction(
        (faces) => {
          const face = document.querySelector(faces);
          return face ? getComputedStyle(face).animationName : null;
        },
        selector,
        { timeout: 20_000 },
      );
      assert.equal(await shown.jsonValue(), motion, gtype);
    }
    // The tables run ten times faster here: the motions shorten to the table's pace.
    // (Waited for: one late tick on a busy machine reads as a slower pace for a moment.)
    await page.waitForFunction(() => Number(document.querySelector('[data-motion-scale]')?.getAttribute('data-motion-scale')) <= 0.5, null, { timeout: 10_000 });
    await page.context().close();
  });

  // Sixteen pages, each waiting for a betting window with time left (up to 15 s each).
  it('screenshots of the lobby and the tables at 375 and 1366 px', { timeout: 240_000 }, async () => {
    for (const width of [375, 1366]) {
      const visitor = await newPage(browser, server.url, { width });
      await visitor.goto('/casino-list/LC/4/35');
      await visitor.getByTestId('casino-tile').first().waitFor();
      await visitor.screenshot({ path: screenshotPath(`casino-lobby-${width}.png`), fullPage: true });
      await visitor.context().close();

      const page = await newPage(browser, server.url, { width });
      await loginViaUi(page, 'player1', 'player123');
      await page.getByTestId('balance').waitFor();
      for (const gtype of ['teen20', 'roulette', 'war', 'sicbo', 'poker20', 'race20', 'ballbyball', 'superover']) {
        await page.goto(`/casino/${gtype}`);
        await page.getByTestId('betting-table').waitFor();
        // A betting window with time left (the super over's windows between balls are short).
        await waitForOpenRound(page, 10);
        await page.locator('[data-testid="item-1"] button, button[data-testid="item-1"]').first().click();
        await page.getByRole('textbox', { name: 'Stake' }).fill('200');
        await page.screenshot({ path: screenshotPath(`casino-${gtype}-${width}.png`), fullPage: width > 400 });
        await page.getByRole('button', { name: 'Reset' }).click();
      }
      // The pick tables with a pick half built on their pads.
      for (const [gtype, table] of Object.entries(PICK_TABLES)) {
        await page.goto(`/casino/${gtype}`);
        const pad = page.getByTestId(`pick-${table.sid}`);
        await pad.waitFor();
        for (const tap of (table.taps ?? []).slice(0, 2)) await pad.getByRole('button', { name: tap, exact: true }).click();
        for (const [index, answer] of (table.answers ?? []).slice(0, 3).entries()) {
          await pad.getByRole('group').nth(index).getByRole('button', { name: answer, exact: true }).click();
        }
        await page.screenshot({ path: screenshotPath(`casino-${gtype}-${width}.png`), fullPage: true });
      }
      await page.context().close();
    }
  });
});

describe('a table locked by the administrator', () => {
  let server;
  let browser;

  before(async () => {
    // Lucky 7 is table number 2 (19 is the default lock; a single value without a comma is not
    // read as a list by the server's configuration).
    server = await startServer({ ...ENV, APP_CASINO__LOCKED_CIDS: '19,2' });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('is locked in the lobby for a player, and its bets are refused with the server message', T, async () => {
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();
    await page.goto('/casino-list/LC/4/35');
    const lucky7 = page.locator('[data-testid="casino-tile"][data-gmid="lucky7"]');
    await lucky7.waitFor();
    assert.equal(await lucky7.getAttribute('data-locked'), 'true');
    assert.equal(await page.locator('[data-testid="casino-tile"][data-gmid="teen20"]').getAttribute('data-locked'), 'false');
    await lucky7.click();
    await page.getByText('This casino game is currently locked by the administrator.').waitFor();
    assert.equal(new URL(page.url()).pathname, '/casino-list/LC/4/35');

    // The page itself still opens (a home tile or a link), but the server refuses the bet.
    await page.goto('/casino/lucky7');
    await waitForOpenRound(page, 14);
    await page.getByTestId('item-1').getByRole('button', { name: 'back 2' }).click();
    await page.getByRole('textbox', { name: 'Stake' }).fill('100');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('.notistack-MuiContent-error', { hasText: 'This casino game is currently locked by the administrator.' }).waitFor();
    assert.equal(await page.getByTestId('bet-slip').count(), 0, 'the slip is cleared after the answer');
    assert.equal(await page.getByTestId('exposure').textContent(), '0.00');
    await page.context().close();
  });
});
