// Scale-out (docs/scale-out.md) in a real browser: a `nats-server -js`, an engine node
// whose log is on it, and an edge node (`--role edge`) the browser talks to alone. A player signs
// in through the edge (forwarded to the engine), opens Teen Patti (the edge serves the table from
// the engine's relayed pushes), backs Player A, and without reloading sees the exposure, then the
// settlement move balance and exposure (pushed on the edge's own socket); the statement read on
// the edge has the round, and the balance the edge shows is the engine's.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { api, launchBrowser, operatorToken, playerAtTable, startNats, startServer, waitForOpenRound } from './harness.js';

const T = { timeout: 90_000 };
const STAKE = 100;
/** Player A backs at 1.98: a win pays 0.98 per 1 staked, a tie returns the stake. */
const PAYOUT = { 'Player A': STAKE * 0.98, 'Player B': -STAKE, Tie: 0 };

describe('an edge node in the browser', () => {
  let nats;
  let engine;
  let edge;
  let browser;

  before(async () => {
    nats = await startNats();
    // Every node of one installation has the same keys (docs/scale-out.md).
    const env = {
      // Five times faster (a 4 s betting window): the bet crosses the edge, the engine node and
      // back, so ten times (2 s) left too little on a busy machine.
      APP_CASINO__SPEED: '5',
      APP_PAYLOAD__KEY_HEX: crypto.randomBytes(32).toString('hex'),
      APP_AUTH__SECRET_KEY_HEX: crypto.randomBytes(32).toString('hex'),
    };
    engine = await startServer(env, { args: ['--log', nats.url] });
    edge = await startServer(env, { args: ['--log', nats.url, '--role', 'edge', '--engine-url', engine.url] });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await edge?.stop();
    await engine?.stop();
    await nats?.stop();
  });

  it('a player on the edge bets on Teen Patti and sees exposure, settlement and statement without reload', T, async () => {
    assert.match(edge.output(), /edge: writes go to the engine node at/, 'the browser talks to an edge node');
    const { page, loads } = await playerAtTable(browser, edge.url, 'teen20');
    await page.getByRole('heading', { name: 'Teen Patti 20-20' }).waitFor();
    const balanceBefore = Number(await page.getByLabel('Balance').getAttribute('title'));

    await waitForOpenRound(page, 14);
    const mid = (await page.getByTestId('round-id').textContent()).replace('Round ID:', '').trim();
    await page.getByTestId('item-1').getByRole('button', { name: 'back 1.98' }).click();
    await page.getByRole('textbox', { name: 'Stake' }).fill(String(STAKE));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Bet placed successfully').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="exposure"]')?.textContent === '-100.00');

    // The round results on the edge's table page, and the settlement reaches its header.
    const entry = page.locator(`[data-testid="results-strip"] [data-mid="${mid}"]`);
    await entry.waitFor({ timeout: 20_000 });
    const winner = (await entry.getAttribute('aria-label')).replace(`Round ${mid}: `, '');
    assert.ok(winner in PAYOUT, `unexpected winner ${winner}`);
    const expected = (balanceBefore + PAYOUT[winner]).toFixed(2);
    await page.waitForFunction(
      (want) => document.querySelector('[aria-label="Balance"]')?.getAttribute('title') === want && document.querySelector('[data-testid="exposure"]')?.textContent === '0.00',
      expected,
    );
    assert.equal(loads(), 0, 'nothing was reloaded');

    // The engine's ledger holds the balance the edge showed (asked by an operator: a second
    // sign-in of the player would end the browser's session).
    const operator = await operatorToken(engine.url);
    const onEngine = await api(engine.url, 'GET', '/ops/audit/state?username=player1', { token: operator });
    const [player] = onEngine.data.users;
    assert.deepEqual([Number(player.balance).toFixed(2), Number(player.exposure)], [expected, 0], `the engine's ledger: ${JSON.stringify(onEngine.data)}`);

    // The statement, read on the edge, lists the settled round.
    await page.goto('/account-statement');
    const row = page.getByTestId('statement-row').filter({ hasText: mid });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    const pnl = PAYOUT[winner];
    assert.equal(cells[pnl < 0 ? 3 : 2], pnl.toFixed(2), `round ${mid} in the statement: ${cells}`);
    await page.context().close();
  });
});
