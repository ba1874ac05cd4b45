// Browser-test harness: starts the real server binary on port 0 with a fresh data directory and
// the built client, and drives Debian's Chromium through playwright-core. Nothing is built here:
// run `npm run build` first (and build the server binary).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
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

/** Starts `exchange serve` and resolves once it prints its address. */
export async function startServer(extraEnv = {}) {
  if (!fs.existsSync(BIN)) throw new Error(`server binary not found at ${BIN} (set EXCHANGE_BIN)`);
  if (!fs.existsSync(path.join(DIST_DIR, 'index.html'))) throw new Error(`run npm run build first: ${DIST_DIR} is empty`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-e2e-'));
  const child = spawn(BIN, ['serve', '--data', dataDir, '--port', '0'], {
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

export async function operatorToken(baseUrl) {
  const result = await api(baseUrl, 'POST', '/auth/login', { body: { username: 'operator', password: 'operator123' } });
  return result.data.accessToken;
}

/** Signs in through the login page and waits until the header shows the balance. */
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
