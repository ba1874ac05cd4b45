// Benchmark: two builds of the client side by side on a spectator's casino table page at x20, for a
// machine whose load drifts (other engineers' builds): each table is measured on build A, then on
// build B, then A and B again, with the floor (a bare page changing one number 20 times a second)
// between, so drift falls on both alike. Two servers run at once, one serving each build; each
// measurement is 10 s of every Chromium process's CPU time with the header's announcement at rest
// (its one pass is finished at once instead of waited for).
// Run: DIST_A=/tmp/dist-main DIST_B=dist EXCHANGE_BIN=… node e2e/bench-casino-pair.js
// (BENCH_TABLES, BENCH_ROUNDS: how many A/B pairs per table, default 2)
import path from 'node:path';
import { FRONTEND_DIR, launchBrowser, loginViaUi, newPage, processCpuSeconds, startServer } from './harness.js';

const WARM_UP_MS = 3_000;
const DURATION_MS = 10_000;
const TABLES = (process.env.BENCH_TABLES ?? 'roulette,teen20,sicbo,race20').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const BUILDS = { A: process.env.DIST_A, B: process.env.DIST_B ?? 'dist' };

async function cpuOver(browser, ms) {
  const cdp = await browser.newBrowserCDPSession();
  const start = await processCpuSeconds(cdp);
  await new Promise((resolve) => setTimeout(resolve, ms));
  const used = (await processCpuSeconds(cdp)) - start;
  await cdp.detach();
  return Number(((used / (ms / 1000)) * 100).toFixed(2));
}

async function table(browser, url, gtype) {
  const page = await newPage(browser, url, { width: 1366, height: 900 });
  await loginViaUi(page, 'player1', 'player123');
  await page.getByTestId('balance').waitFor();
  await page.goto(`/casino/${gtype}`);
  await page.getByTestId('round-hands').waitFor({ timeout: 30_000 });
  await page.evaluate(() => document.querySelector('[data-testid="announcement-track"]')?.getAnimations().forEach((animation) => animation.finish()));
  await page.waitForTimeout(WARM_UP_MS);
  const percent = await cpuOver(browser, DURATION_MS);
  await page.context().close();
  return percent;
}

async function floor(browser) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.setContent(`<html><body><div id="n">0</div><script>let i = 0; setInterval(() => { document.getElementById('n').textContent = String(i++); }, 50);</script></body></html>`);
  await page.waitForTimeout(WARM_UP_MS);
  const percent = await cpuOver(browser, DURATION_MS);
  await context.close();
  return percent;
}

if (!BUILDS.A) throw new Error('set DIST_A (and DIST_B, default dist) to the two builds to compare');
const env = { APP_CASINO__SPEED: '20', APP_FEED__SPEED: '0' };
const servers = {};
for (const [name, dir] of Object.entries(BUILDS)) servers[name] = await startServer({ ...env, APP_APPLICATION__STATIC_DIR: path.resolve(FRONTEND_DIR, dir) });
const browser = await launchBrowser();
try {
  for (const gtype of TABLES) {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const row = { table: gtype, round, floorBefore: await floor(browser) };
      for (const name of Object.keys(BUILDS)) row[name] = await table(browser, servers[name].url, gtype);
      row.floorAfter = await floor(browser);
      const base = (row.floorBefore + row.floorAfter) / 2;
      row.aboveFloor = Object.fromEntries(Object.keys(BUILDS).map((name) => [name, Number((row[name] - base).toFixed(2))]));
      console.log(JSON.stringify(row));
    }
  }
} finally {
  await browser.close();
  for (const server of Object.values(servers)) await server.stop();
}
