// Wallet, bonus, live casino bets and secure auth against the real server. player1 deposits
// through the page and the operator approves it: the header balance and the Deposit Statement
// follow without a reload. A withdrawal to a newly added account holds the amount at once and the
// operator's rejection returns it. The statement's status filter and search narrow the server's
// list. A settled teen20 bet shows in Live Casino Bets, a granted coupon on the Bonus page. Secure
// auth is enrolled with a code computed here (RFC 6238), and the next login asks for a code.
// Screenshots of every page at 375 and 1366 px go to e2e/screenshots.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { addDays, lightFormat, subDays } from 'date-fns';
import {
  api,
  launchBrowser,
  loginToken,
  loginViaUi,
  newPage,
  operatorToken,
  placeTeen20Back,
  screenshotPath,
  sleep,
  startServer,
  teen20Result,
} from './harness.js';

const T = { timeout: 60_000 };
const ENV = { APP_CASINO__SPEED: '10', APP_FEED__SPEED: '0' };
const CASINO_STAKE = 100;
const DEPOSIT = 5000;
const SECOND_DEPOSIT = 300;
const WITHDRAWAL = 2000;
const REFERENCE = 'UTR-E2E-0001';

// ---- TOTP (RFC 6238: HMAC-SHA-1, 30 s steps, 6 digits) ----

function base32Decode(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

function totp(secret, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = crypto.createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const stepNow = () => Math.floor(Date.now() / 1000 / 30);

/** zbarimg (Debian zbar-tools), when installed, reads QR codes from a screenshot. */
const ZBAR = spawnSync('zbarimg', ['--version']).status === 0;

// ---- Page helpers ----

/** The header's exact balance (its tooltip), as a number. */
async function headerBalance(page) {
  return Number(await page.getByLabel('Balance', { exact: true }).getAttribute('title'));
}

async function waitForBalance(page, expected) {
  const deadline = Date.now() + 10_000;
  let seen;
  while (Date.now() < deadline) {
    seen = await headerBalance(page);
    if (Math.abs(seen - expected) < 0.005) return;
    await sleep(100);
  }
  assert.fail(`header balance ${seen}, expected ${expected}`);
}

/** Marks the document so a test can tell the page was not reloaded. */
async function markPage(page) {
  await page.evaluate(() => {
    window.__noReload = true;
  });
}

async function assertNotReloaded(page) {
  assert.equal(await page.evaluate(() => window.__noReload === true), true, 'the page was reloaded');
}

async function chooseOption(page, label, option) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Accepts the next window.alert and resolves to its message. */
function nextAlert(page) {
  return new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      const message = dialog.message();
      await dialog.accept();
      resolve(message);
    });
  });
}

const requestRows = (page) => page.locator('tr[data-request-id]');

const daysAgo = (days) => subDays(new Date(), days);
const ddmmyyyy = (date) => lightFormat(date, 'dd/MM/yyyy');

async function opRequest(baseUrl, token, query) {
  const params = new URLSearchParams({ username: 'player1', ...query });
  const result = await api(baseUrl, 'GET', `/ops/wallet/requests?${params}`, { token });
  return result.data;
}

/** The header's user menu, once the toasts over it are gone (a pointer resting on a toast keeps it). */
async function openUserMenu(page) {
  await page.mouse.move(0, 500);
  await page.waitForFunction(() => document.querySelectorAll('.notistack-MuiContent').length === 0, null, { timeout: 15_000 });
  await page.getByRole('button', { name: 'player1' }).click();
}

describe('wallet, bonus, live casino bets and secure auth', () => {
  let server;
  let browser;
  let opToken;
  let page;
  let casinoBet;
  let balance; // what the header should show

  before(async () => {
    server = await startServer(ENV);
    browser = await launchBrowser();
    opToken = await operatorToken(server.url);
    // A settled teen20 bet for Live Casino Bets, placed before the browser signs in: one session
    // per user, so a later API login would end the page's session.
    const token = await loginToken(server.url);
    const { mid, bet: placed } = await placeTeen20Back(server.url, token, { amount: CASINO_STAKE, requestPrefix: 'wallet' });
    const settled = (detail) => detail.bets.every((bet) => bet.result !== null);
    const { bets } = await teen20Result(server.url, token, mid, settled);
    casinoBet = bets.find((bet) => bet.betId === placed.betId);
    assert.ok(casinoBet, 'the result lists the bet');
    page = await newPage(browser, server.url, { width: 1366, height: 900 });
    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();
    balance = 100_000 + casinoBet.result;
    await waitForBalance(page, balance);
  });

  after(async () => {
    await page?.context().close();
    await browser?.close();
    await server?.stop();
  });

  it('a deposit through the page is Pending; the approval moves balance and statement without a reload', T, async () => {
    // The header's Deposit button (role user, spec §6) opens the page.
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Deposit', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/deposit');
    const amount = page.getByRole('textbox', { name: 'Amount' });
    await amount.fill('5a0-0');
    assert.equal(await amount.inputValue(), '500', 'digits only');
    await page.getByRole('button', { name: 'Decrease amount' }).click();
    await page.getByRole('button', { name: 'Decrease amount' }).click();
    await page.getByRole('button', { name: 'Decrease amount' }).click();
    await page.getByRole('button', { name: 'Decrease amount' }).click();
    await page.getByRole('button', { name: 'Decrease amount' }).click();
    await page.getByRole('button', { name: 'Decrease amount' }).click();
    assert.equal(await amount.inputValue(), '0', 'minus stops at 0');
    await page.getByRole('button', { name: '+5000' }).click();
    assert.equal(await amount.inputValue(), String(DEPOSIT));
    const payNow = (name) => page.getByRole('button', { name: `Pay Now with ${name}`, exact: true });
    assert.equal(await payNow('UPI').isEnabled(), true);
    assert.equal(await payNow('IMPS').isEnabled(), false, 'IMPS starts at 5001');
    assert.equal(await payNow('Paytm').isEnabled(), false, 'Paytm ends at 500');
    await page.getByLabel('Payer reference (optional)').fill(REFERENCE);
    await page.screenshot({ path: screenshotPath('wallet-deposit-filled-1366.png'), fullPage: true });
    await payNow('UPI').click();
    await page.getByText('Deposit request submitted').waitFor();
    assert.equal(await amount.inputValue(), '');

    // A second, small one that stays Pending (for the filters below).
    await amount.fill(String(SECOND_DEPOSIT));
    await payNow('Paytm').click();
    await page.getByText('Deposit request submitted').first().waitFor();

    await page.goto('/deposit-statement');
    const upiRow = requestRows(page).filter({ hasText: 'UPI' });
    await upiRow.waitFor();
    assert.deepEqual((await upiRow.getByRole('cell').allTextContents()).slice(0, 3), ['UPI', `₹${DEPOSIT}.00`, 'Pending']);
    await waitForBalance(page, balance);

    await markPage(page);
    const [request] = await opRequest(server.url, opToken, { kind: 'deposit', search: REFERENCE });
    await api(server.url, 'POST', `/ops/wallet/requests/${request.id}/approve`, { token: opToken, body: { remark: 'Received' } });
    balance += DEPOSIT;
    await waitForBalance(page, balance);
    await upiRow.getByText('Approved').waitFor({ timeout: 5000 });
    await upiRow.getByText('Received').waitFor();
    await assertNotReloaded(page);
  });

  it('the deposit statement filters by status and searches on the server', T, async () => {
    await page.goto('/deposit-statement');
    await requestRows(page).nth(1).waitFor();
    assert.equal(await requestRows(page).count(), 2);
    await page.getByText('Showing 1 to 2 of 2 entries').waitFor();

    await chooseOption(page, 'Status', 'Approved');
    await page.getByText('Showing 1 to 1 of 1 entries').waitFor();
    assert.match(await requestRows(page).first().textContent(), /UPI/);
    await chooseOption(page, 'Status', 'Pending');
    await requestRows(page).filter({ hasText: 'Paytm' }).waitFor();
    await page.getByText('Showing 1 to 1 of 1 entries').waitFor();
    assert.equal(await requestRows(page).filter({ hasText: 'UPI' }).count(), 0);
    await chooseOption(page, 'Status', 'All');
    await page.getByText('Showing 1 to 2 of 2 entries').waitFor();

    const search = page.getByPlaceholder('Search deposits...');
    await search.fill('PAYTM');
    await page.getByText('Showing 1 to 1 of 1 entries').waitFor();
    assert.match(await requestRows(page).first().textContent(), /Paytm/);
    await search.fill(REFERENCE.toLowerCase());
    await requestRows(page).filter({ hasText: 'UPI' }).waitFor();
    await page.getByText('Showing 1 to 1 of 1 entries').waitFor();
    // A date typed as the Date column shows it finds the requests of that day.
    await search.fill(ddmmyyyy(new Date()));
    await page.getByText('Showing 1 to 2 of 2 entries').waitFor();
    await search.fill('no such request');
    await page.getByRole('cell', { name: 'No results found' }).waitFor();
    await page.getByText('Showing 0 to 0 of 0 entries').waitFor();

    // The dates apply on Submit: a range that ended days ago holds neither request.
    await search.fill('');
    await page.getByText('Showing 1 to 2 of 2 entries').waitFor();
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(ddmmyyyy(daysAgo(5)));
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(ddmmyyyy(daysAgo(3)));
    await page.getByText('Showing 1 to 2 of 2 entries').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Showing 0 to 0 of 0 entries').waitFor();
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(ddmmyyyy(daysAgo(-1)));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Showing 1 to 2 of 2 entries').waitFor();
  });

  it('a withdrawal to a new account holds the amount at once; the rejection returns it', T, async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Withdraw', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/withdraw');
    await page.getByText('No saved NORMAL account yet. Use Add New.').waitFor();
    const alert = nextAlert(page);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    assert.equal(await alert, 'Please enter amount and select an account.');

    await page.getByRole('button', { name: 'Add New' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New NORMAL Account' });
    await dialog.getByLabel('Account holder name').fill('Player One');
    await dialog.getByLabel('Bank name').fill('HDFC Bank');
    await dialog.getByLabel('Account number').fill('123');
    await dialog.getByLabel('IFSC code').fill('hdfc0001234');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Account number must be 6 to 20 digits').waitFor();
    assert.equal(await dialog.getByLabel('IFSC code').inputValue(), 'HDFC0001234', 'IFSC upper-cased');
    await dialog.getByLabel('Account number').fill('50100234567890');
    await page.screenshot({ path: screenshotPath('wallet-add-account-1366.png') });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Account saved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const account = page.getByRole('radio', { name: /Player One — HDFC Bank \*\*\*\*7890/ });
    assert.equal(await account.isChecked(), true, 'the new account is chosen');

    await page.getByRole('button', { name: 'Crypto' }).click();
    await page.getByText('No saved Crypto account yet. Use Add New.').waitFor();
    await page.getByRole('button', { name: 'NORMAL' }).click();
    await account.check();

    await markPage(page);
    await page.getByRole('textbox', { name: 'Amount' }).fill(String(WITHDRAWAL));
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByText('Withdraw request submitted').waitFor();
    balance -= WITHDRAWAL;
    await waitForBalance(page, balance);
    await page.getByText(`Available balance: ₹${balance.toFixed(2)}`).waitFor();
    await assertNotReloaded(page);

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Withdraw Statement' }).click();
    const row = requestRows(page).filter({ hasText: 'HDFC Bank ****7890' });
    await row.getByText('Pending').waitFor();
    const [request] = await opRequest(server.url, opToken, { kind: 'withdraw', status: 'Pending' });
    assert.equal(request.amount, WITHDRAWAL);
    await api(server.url, 'POST', `/ops/wallet/requests/${request.id}/reject`, { token: opToken, body: { remark: 'Account name mismatch' } });
    balance += WITHDRAWAL;
    await waitForBalance(page, balance);
    await row.getByText('Rejected').waitFor({ timeout: 5000 });
    await row.getByText('Account name mismatch').waitFor();
    await assertNotReloaded(page);
    await page.getByPlaceholder('Search withdrawals...').fill('mismatch');
    await page.getByText('Showing 1 to 1 of 1 entries').waitFor();
  });

  it('the bonus page lists a granted coupon and its credit, and the Terms modal works the example', T, async () => {
    const expiry = addDays(new Date(), 30);
    const expire = lightFormat(expiry, 'yyyy-MM-dd');
    const coupon = await api(server.url, 'POST', '/ops/bonus/coupons', {
      token: opToken,
      body: { username: 'player1', name: 'Welcome Bonus', amount: 500, depoAmount: DEPOSIT, expireDate: expire },
    });
    await api(server.url, 'POST', '/ops/bonus/coupons', {
      token: opToken,
      body: { username: 'player1', name: 'Reload Bonus', amount: 250, depoAmount: 2500, expireDate: expire, status: 'Pending' },
    });
    balance += 500;
    await page.goto('/bonus');
    const coupons = page.getByRole('table', { name: 'Bonus coupons' });
    const welcome = coupons.getByRole('row').filter({ hasText: 'Welcome Bonus' });
    await welcome.waitFor();
    const cells = await welcome.getByRole('cell').allTextContents();
    assert.deepEqual(cells.slice(0, 5), ['Welcome Bonus', '₹500.00', '₹5000.00', coupon.data.tranNo, 'Active']);
    assert.equal(cells[6], ddmmyyyy(expiry));
    await coupons.getByRole('row').filter({ hasText: 'Reload Bonus' }).getByText('Pending').waitFor();
    const transactions = page.getByRole('table', { name: 'Bonus transactions' });
    assert.equal(await transactions.getByRole('row').count(), 2, 'one credit: the Active coupon');
    await transactions.getByRole('cell', { name: coupon.data.tranNo }).waitFor();
    await waitForBalance(page, balance);

    await page.getByRole('button', { name: 'Terms' }).click();
    const terms = page.getByRole('dialog', { name: 'Bonus Terms' });
    const rows = terms.getByRole('row');
    assert.equal(await rows.count(), 11);
    assert.deepEqual(await rows.nth(1).getByRole('cell').allTextContents(), ['All Games', '10%', '40x', '₹100.00', '₹40000.00']);
    assert.deepEqual(await rows.nth(10).getByRole('cell').allTextContents(), ['Casino', '15%', '23x', '₹150.00', '₹23000.00']);
    await page.screenshot({ path: screenshotPath('wallet-bonus-terms-1366.png') });
    await terms.getByRole('button', { name: 'Close' }).click();
  });

  it('Live Casino Bets lists the settled teen20 bet with its result', T, async () => {
    await page.goto('/live-casino-bets');
    const table = page.getByRole('table', { name: 'Live casino bets' });
    const row = table.getByRole('row').filter({ hasText: String(casinoBet.betId) }).filter({ hasText: casinoBet.marketName });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    const outcome = casinoBet.result > 0 ? 'Win' : casinoBet.result < 0 ? 'Loss' : casinoBet.voided ? 'Void' : 'Push';
    const total = casinoBet.result > 0 ? `+${casinoBet.result.toFixed(2)}` : casinoBet.result.toFixed(2);
    assert.match(cells[0], /^Teen Patti 20-20/);
    assert.deepEqual([cells[1], cells[2], cells[3], cells[5], cells[6]], [outcome, CASINO_STAKE.toFixed(2), total, casinoBet.marketName, String(casinoBet.betId)]);

    await chooseOption(page, 'Game', 'Lucky 7');
    await table.getByRole('cell', { name: 'No results found' }).waitFor();
    await chooseOption(page, 'Game', 'Teen Patti 20-20');
    await row.waitFor();
    await page.getByPlaceholder('Search bets...').fill(casinoBet.sectionName.toUpperCase());
    await row.waitFor();
    await chooseOption(page, 'Report Type', 'Un-Settled');
    await table.getByRole('cell', { name: 'No results found' }).waitFor();
  });

  it('secure auth: enrol with a computed code, then the next login asks for the code', T, async (t) => {
    await page.goto('/secure-auth');
    const status = page.getByTestId('secure-auth-status');
    await status.getByText('Disabled').waitFor();

    await page.getByRole('tab', { name: 'Enable Using Telegram' }).click();
    const getId = page.getByRole('button', { name: 'Get Connection ID' });
    assert.equal(await getId.isEnabled(), false);
    await page.getByLabel('Login password').fill('player123');
    const alert = nextAlert(page);
    await getId.click();
    assert.equal(await alert, 'Connection ID generated!');
    assert.match(await page.getByTestId('telegram-connection-id').textContent(), /^TG-[A-Z0-9]+$/);

    await page.getByRole('tab', { name: 'Enable Using Mobile' }).click();
    await page.getByRole('button', { name: 'Generate Code' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const shown = await page.getByTestId('totp-secret').textContent();
    assert.match(shown, /^([A-Z2-7]{4} )*[A-Z2-7]{1,4}$/, 'the secret in groups of 4');
    const secret = shown.replace(/\s/g, '');
    await page.screenshot({ path: screenshotPath('wallet-secure-auth-enrol-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: screenshotPath('wallet-secure-auth-enrol-375.png'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    const qrShot = screenshotPath('wallet-secure-auth-qr.png');
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).screenshot({ path: qrShot });
    if (ZBAR) {
      const read = spawnSync('zbarimg', ['-q', '--raw', qrShot], { encoding: 'utf8' });
      const uri = `otpauth://totp/Exchange:player1?secret=${secret}&issuer=Exchange&algorithm=SHA1&digits=6&period=30`;
      assert.equal(read.stdout.trim(), uri, 'a QR reader gets the otpauth URI back from the drawn code');
    } else {
      t.diagnostic('zbarimg is not installed: the drawn QR code was not read back');
    }

    const code = page.getByRole('textbox', { name: 'Authentication code' });
    const verify = page.getByRole('button', { name: 'Verify' });
    const step = stepNow();
    const valid = new Set([totp(secret, step - 1), totp(secret, step), totp(secret, step + 1)]);
    const wrong = ['000000', '111111', '222222'].find((candidate) => !valid.has(candidate));
    await code.fill(wrong);
    await verify.click();
    await page.getByText('Invalid authentication code').waitFor();
    await status.getByText('Disabled').waitFor();
    await code.fill(totp(secret, step).slice(0, 5));
    assert.equal(await verify.isEnabled(), false, 'Verify needs 6 digits');
    await code.fill(totp(secret, step));
    await verify.click();
    await status.getByText('Enabled').waitFor();
    await page.getByRole('button', { name: 'Disable' }).waitFor();

    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'SignOut' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await loginViaUi(page, 'player1', 'player123');
    const otp = page.getByRole('textbox', { name: 'Authentication code' });
    await otp.waitFor();
    await page.getByText('Enter the 6-digit code from your authenticator app').waitFor();
    await page.screenshot({ path: screenshotPath('wallet-login-otp-1366.png') });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: screenshotPath('wallet-login-otp-375.png') });
    await page.setViewportSize({ width: 1366, height: 900 });
    await otp.fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid authentication code').waitFor();
    // The enrolment used `step`; a code is good once, so the login takes the next step's code
    // (inside the server's one-step skew).
    await otp.fill(totp(secret, step + 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await waitForBalance(page, balance);
  });

  it('screenshots of every page at 375 and 1366 px', T, async () => {
    const pages = [
      ['deposit', '/deposit', () => page.getByRole('list', { name: 'Payment methods' }).waitFor()],
      ['withdraw', '/withdraw', () => page.getByRole('radio').first().waitFor()],
      ['deposit-statement', '/deposit-statement', () => requestRows(page).first().waitFor()],
      ['withdraw-statement', '/withdraw-statement', () => requestRows(page).first().waitFor()],
      ['bonus', '/bonus', () => page.getByRole('table', { name: 'Bonus coupons' }).waitFor()],
      ['live-casino-bets', '/live-casino-bets', () => page.getByRole('table', { name: 'Live casino bets' }).getByRole('row').nth(1).waitFor()],
      ['secure-auth', '/secure-auth', () => page.getByTestId('secure-auth-status').waitFor()],
    ];
    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 800 });
      if (width < 800) {
        // On a narrow screen Deposit and Withdraw lead the user menu instead of the header.
        await page.getByRole('banner').getByRole('button', { name: 'player1' }).click();
        await page.getByRole('menuitem', { name: 'SignOut' }).waitFor();
        const entries = await page.getByRole('menuitem').allTextContents();
        assert.deepEqual(entries.slice(0, 3), ['Deposit', 'Withdraw', 'Withdraw Statement']);
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'hidden' });
        assert.equal(await page.getByRole('banner').getByRole('link', { name: 'Deposit', exact: true }).count(), 0);
      }
      for (const [name, url, ready] of pages) {
        // In-app navigation (the router follows popstate): no reload per shot.
        await page.evaluate((to) => {
          window.history.pushState({}, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, url);
        await ready();
        await page.screenshot({ path: screenshotPath(`wallet-${name}-${width}.png`), fullPage: true });
      }
    }
  });
});
