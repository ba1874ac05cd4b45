// Browser-test harness: starts the real server binary on port 0 with a fresh data directory and
// the built client, and drives Debian's Chromium through playwright-core. Nothing is built here:
// run `npm run build` first (and build the server binary).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FRONTEND_DIR = path.resolve(here, '..');
export const DIST_DIR = path.resolve(FRONTEND_DIR, process.env.DIST_DIR ?? 'dist');
export const SCREENSHOT_DIR = path.join(here, 'screenshots');
const REPO_DIR = path.resolve(FRONTEND_DIR, '..');
const BIN = path.resolve(FRONTEND_DIR, process.env.EXCHANGE_BIN ?? '../target/debug/exchange');
const CHROMIUM = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const SERVER_START_TIMEOUT_MS = 30_000;

export const WELCOME_FLAG_KEY = 'welcome-popup-shown';

/**
 * Starts `exchange serve` and resolves once it prints its address. `args` go to `serve` after the
 * data directory and port (`--log nats://…`, `--role edge`, …).
 */
export async function startServer(extraEnv = {}, { args = [] } = {}) {
  if (!fs.existsSync(BIN)) throw new Error(`server binary not found at ${BIN} (set EXCHANGE_BIN)`);
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) throw new Error(`run npm run build first: ${DIST_DIR} is empty`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-e2e-'));
  const child = spawn(BIN, ['serve', '--data', dataDir, '--port', '0', ...args], {
    cwd: REPO_DIR,
    env: { ...process.env, APP_APPLICATION__STATIC_DIR: DIST_DIR, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), SERVER_START_TIMEOUT_MS);
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace(/\/$/, ''));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  // Never leave the server behind if the test process dies first.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  // Keep draining so the child never blocks on a full pipe.
  child.stdout.resume();
  child.stderr.resume();
  return {
    url,
    output: () => output,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts Debian's `nats-server` with JetStream on a free loopback port (the scale-out tests);
 * resolves to its URL and a stop function.
 */
export async function startNats() {
  const port = await new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-e2e-nats-'));
  const child = spawn('/usr/sbin/nats-server', ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], { stdio: 'ignore' });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nats-server exited with ${child.exitCode}`);
    const up = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error('nats-server did not listen in time');
    await sleep(100);
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/**
 * A fresh browser context (its own localStorage) and page. The welcome popup is marked as seen
 * unless `welcomeSeen` is false, so it does not cover what a test clicks.
 */
export async function newPage(browser, baseUrl, { width = 1366, height = 900, welcomeSeen = true } = {}) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width, height } });
  if (welcomeSeen) {
    await context.addInitScript((key) => {
      window.localStorage.setItem(key, '1');
    }, WELCOME_FLAG_KEY);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/** Calls the server's REST API directly (the operator side of a test). */
export async function api(baseUrl, method, apiPath, { body, token } = {}) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}/api${apiPath}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

export function operatorToken(baseUrl) {
  return loginToken(baseUrl, 'operator', 'operator123');
}

/** Signs in through the login page and waits until the header shows the balance. */
/** Waits until the table page shows a round taking bets with at least `ltMin` seconds of its countdown left. */
export function waitForOpenRound(page, ltMin, timeout = 15_000) {
  return page.waitForFunction(
    (min) => document.querySelector('[data-testid="round-status"]')?.getAttribute('data-status') === 'OPEN' && Number(document.querySelector('[data-testid="countdown"]')?.getAttribute('data-lt')) >= min,
    ltMin,
    { polling: 'raf', timeout },
  );
}

export async function loginViaUi(page, username, password) {
  await page.goto('/login');
  await page.getByPlaceholder('Enter Username').fill(username);
  await page.getByPlaceholder('Enter Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export function screenshotPath(name) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, name);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The exchange's price ladder (ledger/src/book/ladder.rs): each band's start, end and step, in hundredths. */
const LADDER_BANDS = [
  [100, 200, 1],
  [200, 300, 2],
  [300, 400, 5],
  [400, 600, 10],
  [600, 1_000, 20],
  [1_000, 2_000, 50],
  [2_000, 3_000, 100],
  [3_000, 5_000, 200],
  [5_000, 10_000, 500],
  [10_000, 100_000, 1_000],
];

/** The ladder price `ticks` steps above (or, negative, below) the ladder price `price`, stopping at
 * either end: a move of a match-odds market's fair price that the makers' quotes follow. */
export function ladderStep(price, ticks) {
  let priceH = Math.round(price * 100);
  for (let i = 0; i < Math.abs(ticks); i += 1) {
    const band = LADDER_BANDS.find(([lo, hi]) => (ticks > 0 ? priceH >= lo && priceH < hi : priceH > lo && priceH <= hi));
    if (!band || (ticks > 0 ? priceH >= 100_000 : priceH <= 101)) break;
    priceH += ticks > 0 ? band[2] : -band[2];
  }
  return priceH / 100;
}

/** An amount rounded to two decimals, as the client shows it. */
export const round2 = (value) => Math.round(value * 100) / 100;

/** Signs in through the API; resolves to the access token. */
export async function loginToken(baseUrl, username = 'player1', password = 'player123') {
  const result = await api(baseUrl, 'POST', '/auth/login', { body: { username, password } });
  return result.data.accessToken;
}

/** Calls the server's public data API (`/data…`); resolves to the reply's `data`. */
export async function data(baseUrl, dataPath, body = {}) {
  const response = await fetch(`${baseUrl}/data${dataPath}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()).data;
}

// ---- Encrypted calls (docs/api.md: base64(nonce ‖ ChaCha20-Poly1305 ciphertext ‖ tag)) ----

/** Each running server's Payload key (every data directory draws its own), by its URL. */
const KEYS = new Map();

/** The key the server at `baseUrl` publishes in its site configuration. */
async function payloadKey(baseUrl) {
  if (!KEYS.has(baseUrl)) {
    const config = await (await fetch(`${baseUrl}/api/domain/domain-config`)).json();
    KEYS.set(baseUrl, Buffer.from(config.data.payload_key, 'hex'));
  }
  return KEYS.get(baseUrl);
}

/** `{Payload}`: base64(nonce ‖ ChaCha20-Poly1305 ciphertext ‖ tag) of the JSON. */
function seal(KEY, body) {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('chacha20-poly1305', KEY, nonce, { authTagLength: 16 });
  const sealed = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]);
  return { Payload: Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString('base64') };
}

function open(KEY, { Payload }) {
  const bytes = Buffer.from(Payload, 'base64');
  const decipher = crypto.createDecipheriv('chacha20-poly1305', KEY, bytes.subarray(0, 12), { authTagLength: 16 });
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8'));
}

/** An encrypted call; resolves to `{status, body}` with the body opened when it is sealed. */
export async function sealedCall(baseUrl, method, apiPath, token, body) {
  const key = await payloadKey(baseUrl);
  const response = await fetch(`${baseUrl}/api${apiPath}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(seal(key, body)),
  });
  const json = await response.json();
  return { status: response.status, body: json && 'Payload' in json ? open(key, json) : json };
}

// ---- Casino rounds (run the server with APP_CASINO__SPEED=10 so a round takes about 4 s) ----

/**
 * Backs the first open item of an open teen20 round, retrying when the round closes under us.
 * Resolves to `{mid, item, bet}`: the round id, the item backed and the server's bet.
 */
export async function placeTeen20Back(baseUrl, token, { amount, requestPrefix }) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const round = await data(baseUrl, '/front/casino/data2?gType=teen20&j=1');
    const item = round.items.find((entry) => entry.gstatus === 'ACTIVE' && entry.b > 0);
    if (round.status === 'OPEN' && round.lt >= 1 && item) {
      const body = { gType: 'teen20', marketId: round.mid, sectionId: item.sid, uRate: item.b, amount, betType: 'back', requestId: `${requestPrefix}-${round.mid}` };
      const reply = await sealedCall(baseUrl, 'POST', '/bet/place/casino', token, body);
      if (reply.status === 200) return { mid: round.mid, item, bet: reply.body.data.bet };
      if (reply.status !== 409) throw new Error(`casino bet: ${reply.status} ${JSON.stringify(reply.body)}`);
    }
    await sleep(100);
  }
  throw new Error('no open teen20 round took the bet within 20 s');
}

/**
 * Waits until the teen20 round is resulted (and, when given, `ready(detail)` holds); resolves to
 * its detail (cards, the caller's bets).
 */
export async function teen20Result(baseUrl, token, mid, ready = () => true) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/front/casino/result`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ gtype: 'teen20', mid }),
    });
    if (response.status === 200) {
      const detail = (await response.json()).data;
      if (ready(detail)) return detail;
    }
    await sleep(250);
  }
  throw new Error(`round ${mid} had no result within 20 s`);
}

/** CPU seconds of every Chromium process so far (a browser-level CDP session), for the benches. */
export async function processCpuSeconds(cdp, type = null) {
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  return processInfo.filter((process) => type === null || process.type === type).reduce((total, process) => total + process.cpuTime, 0);
}

/** The page's main-thread task time so far, in seconds (a page-level CDP session). */
export async function taskSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
}


/** player1 signed in on a casino table's page, counting the page's loads from then on (a test of
 * "without reload" expects `loads()` to stay 0). */
export async function playerAtTable(browser, baseUrl, gtype) {
  const page = await newPage(browser, baseUrl);
  await loginViaUi(page, 'player1', 'player123');
  await page.getByTestId('balance').waitFor();
  await page.goto(`/casino/${gtype}`);
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });
  return { page, loads: () => loads };
}

/** A signed-in spectator (player1) on a casino table's page, its round shown and the header's
 * announcement at rest: what the casino page's benchmark scripts measure. */
export async function spectateTable(browser, server, gtype) {
  const { page } = await playerAtTable(browser, server.url, gtype);
  await page.getByTestId('round-hands').waitFor({ timeout: 30_000 });
  await announcementAtRest(page);
  return page;
}

/** Waits until the header's announcement has made its one pass and rests (it scrolls for 30 s
 * after a page opens), so a bench can measure the page as it stays. */
export async function announcementAtRest(page, timeout = 45_000) {
  await page.waitForFunction(() => {
    const track = document.querySelector('[data-testid="announcement-track"]');
    return !track || track.getAnimations().every((animation) => animation.playState === 'finished');
  }, null, { timeout, polling: 500 });
}
