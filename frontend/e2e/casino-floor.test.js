// The casino floor against the real server, tables ten times faster (APP_CASINO__SPEED=10): a
// settled round tells the player what the bets won or lost and My Bet keeps them into the next
// round; the lobby's tiles count down over push, and a visitor's click says how to watch; every
// table's rules dialog has a payout table at the rates the engine pays; result dialogs name the
// result in words. Screenshots of every table page and the lobby at 375 and 1366 px.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { data, launchBrowser, loginViaUi, newPage, playerAtTable, screenshotPath, startServer, waitForOpenRound } from './harness.js';

const T = { timeout: 90_000 };
const ENV = { APP_CASINO__SPEED: '10' };
const TABLES = ['teen20', 'lucky7', 'dt20', 'ab20', 'card32', 'baccarat', 'roulette', 'war', 'sicbo', 'poker20', 'race20', 'ballbyball', 'worli', '3cardj', 'kbc', 'lottcard', 'superover'];
/** A card code (`8HH`, `10DD`) as a word of its own. */
const CARD_CODE = /\b(10|[2-9AJQK])(SS|HH|CC|DD)\b/;

describe('the casino floor', () => {
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

  it('a settled round shows the player what the bets won or lost, and My Bet keeps them into the next round', T, async () => {
    const { page } = await playerAtTable(browser, server.url, 'teen20');
    await waitForOpenRound(page, 14);
    const mid = (await page.getByTestId('round-id').textContent()).replace('Round ID:', '').trim();
    await page.getByTestId('item-1').getByRole('button', { name: 'back 1.98' }).click();
    await page.getByRole('textbox', { name: 'Stake' }).fill('100');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Bet placed successfully').waitFor().catch(async (error) => {
      await page.screenshot({ path: screenshotPath('casino-floor-bet-failed.png'), fullPage: true });
      throw error;
    });

    // Settled: the felt and My Bet say what it came to, the amount the bet's result is.
    const outcome = page.getByTestId('round-outcome');
    await outcome.waitFor({ timeout: 20_000 });
    const text = await outcome.textContent();
    assert.match(text, /^(You won 98\.00|You lost 100\.00|Your stakes were returned)$/, text);
    assert.equal(await outcome.getAttribute('data-round'), mid);
    const result = Number(await page.getByTestId('my-bet-result').first().textContent());
    assert.equal(Number(await outcome.getAttribute('data-amount')), result);
    assert.equal(await page.getByTestId('my-bet-outcome').textContent(), text);
    await page.screenshot({ path: screenshotPath('casino-settled-teen20-1366.png'), fullPage: true });

    // The next round opens: the bets stay, marked as the last round's, until the next bet.
    await page.waitForFunction((old) => !document.querySelector('[data-testid="round-id"]')?.textContent?.includes(old), mid, { timeout: 20_000 });
    await waitForOpenRound(page, 5);
    assert.equal(await page.getByTestId('my-round-bets').getAttribute('data-last-round'), 'true');
    assert.equal(await page.getByTestId('my-round-bets').getAttribute('data-round'), mid);
    assert.equal(await page.getByTestId('my-bet').count(), 1);
    assert.equal(await page.getByTestId('my-bet').getAttribute('data-settled'), 'true');
    assert.equal(await page.getByTestId('round-outcome').textContent(), text);
    await page.context().close();
  });

  it('the lobby’s tiles count down over push; a visitor’s click offers Demo and Login, uncovered', T, async () => {
    const page = await newPage(browser, server.url);
    await page.goto('/casino-list/LC/4/35');
    const tile = page.locator('[data-testid="casino-tile"][data-gmid="teen20"]');
    await tile.getByTestId('tile-countdown').waitFor({ timeout: 15_000 });
    assert.equal(await tile.getAttribute('data-locked'), 'false', 'no padlock on an open table');
    const seen = new Set();
    const deadline = Date.now() + 8_000;
    while (seen.size < 3 && Date.now() < deadline) {
      seen.add(`${await tile.getByTestId('tile-countdown').getAttribute('data-status')}:${await tile.getByTestId('tile-countdown').getAttribute('data-lt')}`);
      await page.waitForTimeout(100);
    }
    assert.ok(seen.size >= 3, `the tile's countdown moves: ${[...seen]}`);
    await tile.getByTestId('tile-results').locator('div').first().waitFor();
    assert.match(await tile.getByTestId('tile-limits').textContent(), /^\d+(\.\d+)?k?–\d+(\.\d+)?[kL]?$/);

    await tile.click();
    const dialog = page.getByRole('dialog', { name: 'Watch Teen Patti 20-20' });
    await dialog.waitFor();
    for (const name of ['Demo', 'Login']) {
      const button = dialog.getByRole('button', { name, exact: true }).or(dialog.getByRole('link', { name, exact: true }));
      await button.waitFor();
      const box = await button.boundingBox();
      const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button, a')?.textContent, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
      assert.equal(onTop, name, `${name} is not covered`);
    }
    assert.equal(new URL(page.url()).pathname, '/casino-list/LC/4/35', 'a visitor’s click does not navigate');
    await page.screenshot({ path: screenshotPath('casino-lobby-watch-1366.png') });
    await page.context().close();
  });

  it('every table’s rules dialog has a payout table at the rates the engine pays', T, async () => {
    const { page } = await playerAtTable(browser, server.url, 'teen20');
    for (const gtype of TABLES) {
      await page.goto(`/casino/${gtype}`);
      await page.getByTestId('betting-table').waitFor();
      await page.getByRole('main').getByRole('button', { name: 'Rules' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('payout-table').waitFor();
      const rows = await dialog.getByTestId('payout-row').evaluateAll((els) => els.map((el) => ({ sids: el.dataset.sids.split(',').map(Number), back: Number(el.dataset.back), lay: Number(el.dataset.lay) })));
      if (gtype === 'ballbyball' || gtype === 'superover') await dialog.getByRole('table', { name: 'Card to ball' }).waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      // The round's items as the engine offers them before any card (the super over re-prices
      // between balls).
      let round = await data(server.url, `/front/casino/data2?gType=${gtype}&j=1`);
      for (let i = 0; i < 100 && round.card !== ''; i += 1) {
        await page.waitForTimeout(100);
        round = await data(server.url, `/front/casino/data2?gType=${gtype}&j=1`);
      }
      assert.equal(round.card, '', `${gtype}: a round before its deal`);
      for (const item of round.items) {
        const row = rows.find((r) => r.sids.includes(item.sid));
        assert.ok(row, `${gtype}: ${item.nat} has a payout row`);
        assert.deepEqual([row.back, row.lay], [item.b, item.l], `${gtype}: ${item.nat}`);
      }
      assert.equal(rows.reduce((n, r) => n + r.sids.length, 0), round.items.length, `${gtype}: one row per item`);
    }
    await page.context().close();
  });

  it('every result names its winner and cards in words; the dialog shows the cards as faces', T, async () => {
    // The strip of every table, each entry's winner in words.
    for (const gtype of TABLES) {
      const round = await data(server.url, `/front/casino/data2?gType=${gtype}&j=1`);
      for (const row of round.results) assert.doesNotMatch(row.nat, CARD_CODE, `${gtype}: ${row.nat}`);
    }
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();
    for (const gtype of ['dt20', 'ab20', 'kbc', 'war', '3cardj']) {
      await page.goto(`/casino-results?type=${gtype}`);
      const row = page.getByRole('row').filter({ has: page.getByRole('cell') }).filter({ hasText: /\d{13}/ }).first();
      await row.waitFor({ timeout: 20_000 });
      await row.click();
      const view = page.getByTestId('round-result');
      await view.waitFor();
      const winner = await view.getByTestId('round-winner').textContent();
      const details = (await view.getByTestId('round-details').count()) > 0 ? await view.getByTestId('round-details').textContent() : '';
      assert.doesNotMatch(`${winner} ${details}`, CARD_CODE, `${gtype}: ${winner} / ${details}`);
      assert.ok(winner.trim().length > 0, `${gtype}: a winner`);
      assert.ok((await view.locator('[data-card]').count()) > 0, `${gtype}: the cards as faces`);
      await page.screenshot({ path: screenshotPath(`casino-result-${gtype}-1366.png`) });
      await page.keyboard.press('Escape');
    }
    await page.context().close();
  });

  it('screenshots: every table page and the lobby at both widths', { timeout: 240_000 }, async () => {
    for (const width of [375, 1366]) {
      const lobby = await newPage(browser, server.url, { width });
      await loginViaUi(lobby, 'player1', 'player123');
      await lobby.getByTestId('balance').waitFor();
      await lobby.goto('/casino-list/LC/4/35');
      await lobby.locator('[data-testid="tile-countdown"]').first().waitFor();
      await lobby.screenshot({ path: screenshotPath(`floor-lobby-${width}.png`), fullPage: true });
      for (const gtype of TABLES) {
        await lobby.goto(`/casino/${gtype}`);
        await lobby.getByTestId('betting-table').waitFor();
        // The result on the felt: the winner lit, the wheel landed, the dice down.
        await lobby.waitForFunction(() => document.querySelector('[data-testid="round-status"]')?.getAttribute('data-status') === 'RESULT', null, { timeout: 30_000 });
        await lobby.waitForTimeout(50);
        await lobby.screenshot({ path: screenshotPath(`floor-${gtype}-${width}.png`), fullPage: width > 400 });
      }
      await lobby.context().close();
    }
  });
});
