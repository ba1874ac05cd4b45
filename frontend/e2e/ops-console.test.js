// The operators' console's confirmations and readouts: approving a wallet request asks for
// confirmation, shows the request and records the remark; rejecting needs a remark in a dialog
// (never the browser's prompt); each casino action asks for its remark and says so; after time
// travel the events list shows the log range in force with Clear, an empty answer says so and
// Export downloads nothing without a word; the detail column reads as key: value pairs (the raw
// JSON a click away); the moment's time is typed 24-hour; the charts fill their container's
// width and have a labelled 24-hour time axis. Screenshots at 1440 and 390 px.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, launchBrowser, loginToken, loginViaUi, newPage, screenshotPath, startServer } from './harness.js';

const T = { timeout: 90_000 };
const WIDTHS = [1440, 390];

describe('the console’s confirmations and readouts', () => {
  let server;
  let browser;
  let opToken;
  let operator;
  const prompts = [];

  before(async () => {
    server = await startServer({ APP_CASINO__SPEED: '10', APP_FEED__SPEED: '0' });
    browser = await launchBrowser();
    opToken = (await api(server.url, 'POST', '/auth/login', { body: { username: 'operator', password: 'operator123', client: 'cli' } })).data.accessToken;
    operator = await newPage(browser, server.url, { width: 1440 });
    // No browser prompt, alert or confirm anywhere in the console.
    operator.on('dialog', (dialog) => {
      prompts.push(dialog.message());
      void dialog.dismiss();
    });
    await loginViaUi(operator, 'operator', 'operator123');
    await operator.waitForURL('**/ops/users');
  });

  after(async () => {
    assert.deepEqual(prompts, [], 'the console opened no browser dialog');
    await operator?.context().close();
    await browser?.close();
    await server?.stop();
  });

  /** Screenshots of the page as it is, at both widths; back to 1440 after. */
  async function shoot(name) {
    for (const width of WIDTHS) {
      await operator.setViewportSize({ width, height: 900 });
      await operator.waitForTimeout(300);
      await operator.screenshot({ path: screenshotPath(`console-${name}-${width}.png`), fullPage: true });
    }
    await operator.setViewportSize({ width: 1440, height: 900 });
  }

  async function deposit(reference, amount) {
    const token = await loginToken(server.url);
    return (await api(server.url, 'POST', '/wallet/deposit', { token, body: { amount, method: 'upi', reference } })).data;
  }

  async function request(id) {
    const found = await api(server.url, 'GET', '/ops/wallet/requests?status=&kind=&username=player1&page=1&limit=100', { token: opToken });
    return found.data.find((r) => r.id === id);
  }

  it('approve asks for confirmation, shows the request and records the remark', T, async () => {
    const pending = await deposit('UTR-CONSOLE-1', 750);
    await operator.goto('/ops/wallet');
    const row = operator.locator(`tr[data-request-id="${pending.id}"]`);
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = operator.getByRole('dialog', { name: `Approve request #${pending.id}?` });
    const summary = await dialog.getByTestId('request-summary').textContent();
    for (const part of ['User: player1', 'Kind: Deposit', 'Amount: 750.00', 'UTR-CONSOLE-1']) assert.ok(summary.includes(part), `${part} in ${summary}`);
    assert.equal((await request(pending.id)).status, 'Pending', 'nothing moves before the confirmation');
    await dialog.getByText('Optional: recorded with the approval.').waitFor();
    await dialog.getByLabel('Remark (optional)').fill('UTR checked with the bank');
    await shoot('wallet-approve');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await operator.getByText('Request approved').waitFor();
    const approved = await request(pending.id);
    assert.deepEqual([approved.status, approved.remark], ['Approved', 'UTR checked with the bank']);
  });

  it('reject’s dialog requires a remark and says why', T, async () => {
    const pending = await deposit('UTR-CONSOLE-2', 300);
    await operator.goto('/ops/wallet');
    await operator.locator(`tr[data-request-id="${pending.id}"]`).getByRole('button', { name: 'Reject' }).click();
    const dialog = operator.getByRole('dialog', { name: `Reject request #${pending.id}?` });
    const confirm = dialog.getByRole('button', { name: 'Reject', exact: true });
    assert.equal(await confirm.isDisabled(), true, 'no remark, no rejection');
    await dialog.getByText('Required: the player sees why the request was rejected.').waitFor();
    await dialog.getByLabel('Remark').fill('   ');
    assert.equal(await confirm.isDisabled(), true, 'blanks are no remark');
    await dialog.getByLabel('Remark').fill('Payment not found');
    await shoot('wallet-reject');
    await confirm.click();
    await dialog.waitFor({ state: 'hidden' });
    const rejected = await request(pending.id);
    assert.deepEqual([rejected.status, rejected.remark], ['Rejected', 'Payment not found']);
  });

  it('the casino page says what its actions need: each asks for its remark', T, async () => {
    await operator.goto('/ops/casino');
    await operator.getByText('Each action asks for a remark that says why').waitFor();
    const row = operator.locator('tr[data-gtype="war"]');
    const lock = row.getByRole('button', { name: 'Lock', exact: true });
    assert.equal(await lock.isEnabled(), true, 'the action is offered at once');
    await lock.click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByText('The table takes no bets').waitFor();
    await dialog.getByText('Required: recorded with the action to say why.').waitFor();
    const confirm = dialog.getByRole('button', { name: 'Lock', exact: true });
    assert.equal(await confirm.isDisabled(), true);
    await dialog.getByLabel('Remark').fill('shoe check');
    await shoot('casino-lock');
    await confirm.click();
    await row.getByText('Locked', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Unlock', exact: true }).click();
    await dialog.getByLabel('Remark').fill('shoe checked');
    await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
    await row.getByRole('button', { name: 'Lock', exact: true }).waitFor();
  });

  it('after time travel the range is shown with Clear; an empty answer and its export say so; the detail reads as pairs', T, async () => {
    await operator.goto('/ops/audit');
    // The moment's time is typed 24-hour: a 12-hour time is refused with the form to use.
    const when = operator.getByLabel('Date and time (24-hour)');
    await when.fill('2026-03-01 2:05 PM');
    await operator.getByText('As yyyy-MM-dd HH:mm:ss, 24-hour').waitFor();
    assert.equal(await operator.getByRole('button', { name: 'Travel' }).isDisabled(), true);
    await when.fill('');
    await operator.getByLabel('Log #').fill('5');
    await operator.getByRole('button', { name: 'Travel' }).click();
    await operator.locator('[data-testid="moment"][data-seq="5"]').waitFor();
    const range = operator.getByTestId('events-range');
    await range.getByText('Showing log #1 to #15 only (10 events each side of log #5, the moment travelled to).').waitFor();
    // The detail column: key: value pairs, no JSON braces, the raw JSON one click away.
    const events = operator.getByRole('table', { name: 'Events' });
    await events.locator('tbody tr[data-kind]').first().waitFor();
    const details = await events.getByTestId('event-detail').allTextContents();
    assert.ok(details.length > 0);
    for (const detail of details) assert.doesNotMatch(detail.replace('Raw JSON', ''), /[{}"]/, detail);
    await events.getByRole('button', { name: 'Raw JSON' }).first().click();
    assert.match(await events.getByTestId('event-detail-raw').first().textContent(), /^[{"[]/);
    await shoot('audit-range');
    // A user with no event in the range (opened after it): the list says so, and Export
    // downloads nothing.
    await api(server.url, 'POST', '/ops/users', { token: opToken, body: { username: 'latecomer', password: 'secret123', role: 'user' } });
    await operator.getByLabel('User', { exact: true }).fill('latecomer');
    await operator.getByRole('button', { name: 'Filter' }).click();
    await operator.getByTestId('events-empty').getByText('No event matches log #1 to #15, user latecomer. Clear the log range to search the whole log.').waitFor();
    let downloads = 0;
    operator.on('download', () => (downloads += 1));
    await operator.getByRole('button', { name: 'Export JSON lines' }).click();
    await operator.getByText(/^Nothing to export: No event matches/).waitFor();
    await shoot('audit-empty');
    assert.equal(downloads, 0, 'no empty file');
    await range.getByRole('button', { name: 'Clear' }).click();
    await range.waitFor({ state: 'hidden' });
    await operator.getByTestId('events-empty').waitFor({ state: 'hidden' });
    assert.deepEqual([await operator.getByLabel('From #').inputValue(), await operator.getByLabel('To #').inputValue()], ['', '']);
    await events.locator('tbody tr[data-kind="AccountOpened"]').first().waitFor();
    assert.match(await events.locator('tbody tr').first().textContent(), /latecomer/, 'without the range, the user’s events');
  });

  /** The chart's drawing and its container: widths, and the axis tick labels. */
  async function chartFacts(testId) {
    const chart = operator.getByTestId(testId);
    await chart.locator('svg').first().waitFor();
    return chart.evaluate((box) => {
      // The chart's drawing: the widest svg in the figure (the legend's marks are svgs too).
      const svgs = [...box.querySelectorAll('[role="figure"] svg')];
      const svg = svgs.reduce((wide, next) => (next.getBoundingClientRect().width > wide.getBoundingClientRect().width ? next : wide));
      return {
        container: box.getBoundingClientRect().width,
        drawn: svg.getBoundingClientRect().width,
        text: [...svg.querySelectorAll('text')].map((t) => t.textContent),
      };
    });
  }

  it('the charts span their container’s width and have a labelled 24-hour time axis', T, async () => {
    await api(server.url, 'POST', '/ops/credit', { token: opToken, body: { username: 'player1', amount: 100, remark: 'chart point' } });
    for (const width of WIDTHS) {
      await operator.setViewportSize({ width, height: 900 });
      await operator.goto('/ops/users/player1');
      await operator.getByTestId('money-chart').waitFor();
      const money = await chartFacts('money-chart');
      assert.ok(money.drawn >= money.container * 0.95, `money chart ${money.drawn} of ${money.container} at ${width}`);
      assert.ok(money.text.includes('Time (24-hour)'), money.text.join('|'));
      assert.ok(money.text.some((t) => /^\d{2}:\d{2}(:\d{2})?$|^\d{2}\/\d{2} \d{2}:\d{2}$/.test(t)), `time ticks: ${money.text.join('|')}`);
      assert.ok(!money.text.some((t) => /AM|PM/.test(t)), '24-hour');
      await operator.screenshot({ path: screenshotPath(`console-user-chart-${width}.png`), fullPage: true });
      await operator.goto('/ops/house');
      const pnl = await chartFacts('pnl-chart');
      assert.ok(pnl.drawn >= pnl.container * 0.95, `P/L chart ${pnl.drawn} of ${pnl.container} at ${width}`);
      assert.ok(pnl.text.includes('Day (UTC)'), pnl.text.join('|'));
      assert.ok(pnl.text.some((t) => /^\d{2}\/\d{2}$/.test(t)), `day ticks: ${pnl.text.join('|')}`);
      await operator.screenshot({ path: screenshotPath(`console-house-${width}.png`), fullPage: true });
    }
    await operator.setViewportSize({ width: 1440, height: 900 });
  });
});
