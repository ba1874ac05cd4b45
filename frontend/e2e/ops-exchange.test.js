// The exchange in the operators' console, against the real server with its market makers
// quoting (prices frozen, so the makers' quotes stay where they are). A player's two unmatched
// orders rest on a match-odds market and show in the player's My Bet. The operator opens the
// market's book on the feed page: each runner's depth with the makers' money and the player's,
// the orders by account, every position. The operator cancels the player's orders there with a
// remark: the orders leave the book and the player's My Bet without a reload, and the account's
// operator actions list the cancel with its remark. In the makers' panel a setting out of its
// range is refused before it is sent, a change is saved, and a pause takes every maker's order
// off the book; a resume brings them back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, data, launchBrowser, loginToken, loginViaUi, newPage, screenshotPath, sealedCall, sleep, startServer } from './harness.js';

const T = { timeout: 120_000 };
const ENV = { APP_FEED__SPEED: '0', APP_BETTING__INPLAY_DELAY_MS_PER_SEC: '0', APP_EXCHANGE__MAKERS__REQUOTE_MS: '300' };
const TRADER = { username: 'trader', password: 'secret123' };
const REMARK = 'orders from a compromised session';

/** An open match-odds market of a cricket fixture that the makers quote on both sides. */
async function quotedMarket(baseUrl) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const row of await data(baseUrl, '/front/highlightproduct', { etid: 4, type: 'all' })) {
      const { markets } = await data(baseUrl, `/front/matchstate?gmid=${row.gmid}`);
      const market = markets.find((m) => m.gtype === 'match' && m.status === 'OPEN' && m.section.every((s) => s.gstatus === 'ACTIVE' && s.odds.some((l) => l.otype === 'back') && s.odds.some((l) => l.otype === 'lay')));
      if (market) return { fixture: row, market };
    }
    await sleep(500);
  }
  throw new Error('no match-odds market quoted by the makers within 30 s');
}

describe('the exchange in the operators console', () => {
  let server;
  let browser;
  let opToken;
  let fixture;
  let market;
  let player;
  let playerLoads = 0;
  let operator;

  before(async () => {
    server = await startServer(ENV);
    browser = await launchBrowser();
    // A tool session (as the CLI opens): the operator's browser sign-in below leaves it alone.
    opToken = (await api(server.url, 'POST', '/auth/login', { body: { username: 'operator', password: 'operator123', client: 'cli' } })).data.accessToken;
    await api(server.url, 'POST', '/ops/users', { token: opToken, body: { ...TRADER, role: 'user' } });
    await api(server.url, 'POST', '/ops/credit', { token: opToken, body: { username: TRADER.username, amount: 10_000, remark: 'console exchange test' } });
    ({ fixture, market } = await quotedMarket(server.url));
    // Two orders nobody matches: a lay at the ladder's lowest price and a back at 900. Placed
    // before the browser signs in (one session per account).
    const token = await loginToken(server.url, TRADER.username, TRADER.password);
    const order = (index, side, price, amount, persistence) => ({ gameId: market.gmid, marketId: market.mid, sectionId: market.section[index].sid, uRate: price, amount, betType: side, requestId: `ops-exchange-${index}`, persistence });
    for (const body of [order(0, 'lay', 1.01, 100, 'lapse'), order(1, 'back', 900, 100, 'keep')]) {
      const reply = await sealedCall(server.url, 'POST', '/bet/place', token, body);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.equal(reply.body.data.order.unmatched, body.amount, 'the order rests whole');
    }
    player = await newPage(browser, server.url);
    await loginViaUi(player, TRADER.username, TRADER.password);
    await player.getByTestId('balance').waitFor();
    await player.getByRole('dialog', { name: 'Rules' }).getByRole('button', { name: 'Accept' }).click();
    await player.goto(`/game-details/4/${fixture.gmid}`);
    player.on('load', () => {
      playerLoads += 1;
    });
    operator = await newPage(browser, server.url);
    await loginViaUi(operator, 'operator', 'operator123');
    await operator.waitForURL('**/ops/users');
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const fixtureCard = () => operator.locator(`[data-testid="ops-fixture"][data-gmid="${fixture.gmid}"]`);
  const book = () => fixtureCard().locator(`[data-testid="exchange-book"][data-mid="${market.mid}"]`);
  const account = (username) => book().locator(`[data-testid="book-account"][data-username="${username}"]`);

  it('the player sees both orders unmatched in My Bet', T, async () => {
    const orders = player.getByRole('region', { name: 'Unmatched' }).getByTestId('my-order');
    await orders.first().waitFor({ timeout: 30_000 });
    assert.equal(await orders.count(), 2);
  });

  it('the feed page shows the market’s book: depth per runner, orders by account, positions with the makers’', T, async () => {
    await operator.goto('/ops/feed');
    const row = fixtureCard().locator(`tr[data-mid="${market.mid}"]`);
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Book', exact: true }).click();
    await book().waitFor();
    // The player's lay at 1.01 is money to back at 1.01 on the first runner, beside the makers' quotes.
    const first = book().locator(`tr[data-sid="${market.section[0].sid}"]`);
    const own = first.locator('[data-testid="depth-back"][data-price="1.01"]');
    await own.waitFor();
    assert.equal((await own.textContent()).replace('1.01', ''), '100.00');
    assert.ok((await first.getByTestId('depth-back').count()) >= 2, 'the makers quote to back too');
    assert.ok((await first.getByTestId('depth-lay').count()) >= 1, 'and to lay');
    const backs = await first.getByTestId('depth-back').evaluateAll((levels) => levels.map((level) => Number(level.querySelector('span').textContent)));
    assert.equal(Number(await first.getByTestId('back-total').textContent()), Math.round(backs.reduce((a, b) => a + b * 100, 0)) / 100, 'the total is the sum of the levels');

    await account(TRADER.username).waitFor();
    const names = await book().getByTestId('book-account').evaluateAll((cards) => cards.map((card) => card.dataset.username));
    assert.equal(names[0], TRADER.username, 'players before the makers');
    assert.ok(names.includes('maker1') && names.includes('maker2'), `the makers' orders too: ${names}`);
    assert.match(await account(TRADER.username).textContent(), /2 orders, 200\.00 unmatched/);
    const positions = book().getByRole('table', { name: `Positions on ${market.mname}` });
    await positions.locator(`tr[data-username="${TRADER.username}"]`).waitFor();
    await positions.locator('tr[data-username="maker1"]').waitFor();
    const exposure = (await api(server.url, 'GET', `/ops/users/${TRADER.username}`, { token: opToken })).data.user.exposure;
    assert.equal((await positions.locator(`tr[data-username="${TRADER.username}"] td`).last().textContent()).trim(), exposure.toFixed(2), 'the position’s exposure is the account’s (its only market)');
    await fixtureCard().screenshot({ path: screenshotPath('ops-exchange-book-1366.png') });
  });

  it('the operator cancels the player’s orders with a remark; My Bet empties without a reload', T, async () => {
    await account(TRADER.username).getByRole('button', { name: 'Cancel orders' }).click();
    const dialog = operator.getByRole('dialog', { name: `Cancel orders: ${TRADER.username}` });
    await dialog.getByText(`2 unmatched orders (200.00) on ${market.mname}`).waitFor();
    const confirm = dialog.getByRole('button', { name: 'Cancel orders' });
    assert.equal(await confirm.isDisabled(), true, 'a remark is required');
    await dialog.screenshot({ path: screenshotPath('ops-exchange-cancel-1366.png') });
    await dialog.getByLabel('Remark').fill(REMARK);
    await confirm.click();
    await dialog.waitFor({ state: 'hidden' });
    await operator.getByText('Orders cancelled').waitFor();
    await account(TRADER.username).waitFor({ state: 'detached' });
    await book().locator(`tr[data-sid="${market.section[0].sid}"] [data-testid="depth-back"][data-price="1.01"]`).waitFor({ state: 'detached' });

    await player.getByRole('region', { name: 'Unmatched' }).getByText('No unmatched bets').waitFor({ timeout: 10_000 });
    await player.waitForFunction(() => document.querySelector('[data-testid="exposure"]')?.textContent === '0.00');
    assert.equal(playerLoads, 0, 'the player’s page was not reloaded');
    const actions = (await api(server.url, 'GET', `/ops/users/${TRADER.username}`, { token: opToken })).data.actions;
    assert.deepEqual(
      actions.filter((a) => a.action === 'Cancel orders').map((a) => [a.by, a.remark]),
      [['operator', REMARK]],
    );
  });

  it('the makers’ panel refuses a setting out of range, saves a change, and a pause empties the book of the makers’ orders', T, async () => {
    const panel = operator.getByRole('region', { name: 'Market makers' });
    await panel.getByTestId('makers-state').filter({ hasText: 'Quoting' }).waitFor();
    const maker = panel.locator('tr[data-username="maker1"]');
    assert.ok(Number(await maker.getByTestId('maker-orders').textContent()) > 0, 'maker1 has orders on the books');
    await panel.screenshot({ path: screenshotPath('ops-makers-1366.png') });

    const spread = panel.getByLabel('Spread (ticks)');
    await spread.fill('25');
    await panel.getByText('0 to 20', { exact: true }).waitFor();
    assert.equal(await panel.getByRole('button', { name: 'Save settings' }).isDisabled(), true);
    await spread.fill('1');
    await panel.getByLabel('Size').fill('250');
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await operator.getByText('Market makers changed').waitFor();
    const makers = (await api(server.url, 'GET', '/ops/exchange/makers', { token: opToken })).data;
    assert.deepEqual([makers.spreadTicks, makers.size, makers.depth], [1, 250, 3], 'only the changed settings moved');
    assert.equal(await panel.getByLabel('Spread (ticks)').inputValue(), '1');

    await panel.getByRole('button', { name: 'Pause makers' }).click();
    await panel.getByTestId('makers-state').filter({ hasText: 'Paused' }).waitFor();
    // Paused makers take their orders off at their next round: the book has no order left.
    await book().getByTestId('no-orders').waitFor({ timeout: 15_000 });
    assert.equal(await book().getByTestId('depth-back').count(), 0);
    assert.equal(await book().getByTestId('depth-lay').count(), 0);
    await maker.getByTestId('maker-orders').filter({ hasText: /^0$/ }).waitFor({ timeout: 15_000 });
    await fixtureCard().screenshot({ path: screenshotPath('ops-exchange-paused-1366.png') });

    await panel.getByRole('button', { name: 'Resume makers' }).click();
    await panel.getByTestId('makers-state').filter({ hasText: 'Quoting' }).waitFor();
    await book().getByTestId('depth-back').first().waitFor({ timeout: 15_000 });
    await book().locator('[data-testid="book-account"][data-username="maker1"]').waitFor();
  });
});
