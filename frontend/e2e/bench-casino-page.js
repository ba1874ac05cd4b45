// Benchmark: what a spectator's casino table page costs the browser while the table
// updates 20 times a second with its dealing drawn as motion (cards slide in and flip, dice
// roll, the roulette ball lands). Starts the real server with the tables twenty times faster
// than real time (each second of a round, each card and each result is an update: about 20 a
// second per table), opens each table named in BENCH_TABLES (default teen20, sicbo, roulette,
// race20) signed in as player1 (watching, not betting) in headless Chromium, and over 10 s sums the CPU time of every Chromium
// process (browser, renderer, GPU; `SystemInfo.getProcessInfo`) and the page's main-thread task
// time (`Performance.getMetrics`), as a share of one core.
// Each table is measured twice: while the header's announcement makes its one 30 s pass after the
// page opens, and once it rests (the page as it stays); the first table also with the page's body
// hidden (what receiving and handling the updates costs with nothing drawn). It also measures the floor: a bare page that changes one number as often (20 times a second)
// in the same browser, which no page can go below.
// The floor is measured before and after the tables, so a machine whose load drifts during the run
// shows it (compare each table with the floor nearer in time, or with both).
// Run: npm run build && npm run bench:casino (BENCH_SPEED=1: the tables at real time; BENCH_SECONDS=35: a
// window of a whole real-time round; BENCH_SCROLLING=0: only the page at rest, a shorter run)
import { announcementAtRest, launchBrowser, loginViaUi, newPage, processCpuSeconds, startServer, taskSeconds } from './harness.js';

const SPEED = Number(process.env.BENCH_SPEED ?? 20);
const WARM_UP_MS = 3_000;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const TABLES = (process.env.BENCH_TABLES ?? 'teen20,sicbo,roulette,race20').split(',');
const SCROLLING = process.env.BENCH_SCROLLING !== '0';

async function measure(browser, server, gtype, { atRest = false, hidden = false, reducedMotion = false } = {}) {
  const page = await newPage(browser, server.url, { width: 1366, height: 900 });
  if (reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
  const pageCdp = await page.context().newCDPSession(page);
  await pageCdp.send('Performance.enable');
  const browserCdp = await browser.newBrowserCDPSession();
  await loginViaUi(page, 'player1', 'player123');
  await page.getByTestId('balance').waitFor();
  await page.goto(`/casino/${gtype}`);
  await page.getByTestId('round-hands').waitFor({ timeout: 30_000 });
  await page.evaluate(() => {
    window.__updates = 0;
    window.__animations = 0;
    new MutationObserver(() => {
      window.__updates += 1;
    }).observe(document.querySelector('[data-testid="countdown"]'), { attributes: true, attributeFilter: ['data-lt'] });
    document.addEventListener('animationstart', () => {
      window.__animations += 1;
    });
  });
  await page.waitForTimeout(WARM_UP_MS);
  if (atRest) await announcementAtRest(page);
  // CSSOM, which the page's style policy allows.
  if (hidden) await page.evaluate(() => (document.body.style.display = 'none'));
  const before = { cpu: await processCpuSeconds(browserCdp), renderer: await processCpuSeconds(browserCdp, 'renderer'), task: await taskSeconds(pageCdp), at: Date.now() };
  await page.evaluate(() => {
    window.__updates = 0;
    window.__animations = 0;
  });
  await page.waitForTimeout(DURATION_MS);
  const after = { cpu: await processCpuSeconds(browserCdp), renderer: await processCpuSeconds(browserCdp, 'renderer'), task: await taskSeconds(pageCdp), at: Date.now() };
  const { updates, animations } = await page.evaluate(() => ({ updates: window.__updates, animations: window.__animations }));
  await browserCdp.detach();
  await page.context().close();
  const seconds = (after.at - before.at) / 1000;
  return {
    table: gtype,
    announcement: atRest ? 'at rest' : 'scrolling',
    ...(hidden ? { page: 'body hidden' } : {}),
    ...(reducedMotion ? { motion: 'reduced' } : {}),
    seconds: Number(seconds.toFixed(1)),
    countdownUpdatesPerSecond: Number((updates / seconds).toFixed(1)),
    animationsStarted: animations,
    browserCpuPercentOfOneCore: Number((((after.cpu - before.cpu) / seconds) * 100).toFixed(2)),
    rendererCpuPercent: Number((((after.renderer - before.renderer) / seconds) * 100).toFixed(2)),
    mainThreadPercent: Number((((after.task - before.task) / seconds) * 100).toFixed(2)),
  };
}

/** A bare page whose one number changes `perSecond` times a second: the least any live page costs. */
async function floor(browser, perSecond) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.setContent(`<html><body><div id="n">0</div><script>let i = 0; setInterval(() => { document.getElementById('n').textContent = String(i++); }, ${1000 / perSecond});</script></body></html>`);
  const cdp = await browser.newBrowserCDPSession();
  await page.waitForTimeout(WARM_UP_MS);
  const start = [await processCpuSeconds(cdp), await processCpuSeconds(cdp, 'renderer')];
  await page.waitForTimeout(DURATION_MS);
  const used = [(await processCpuSeconds(cdp)) - start[0], (await processCpuSeconds(cdp, 'renderer')) - start[1]];
  await cdp.detach();
  await context.close();
  const percent = (seconds) => Number(((seconds / (DURATION_MS / 1000)) * 100).toFixed(2));
  return { browserCpuPercentOfOneCore: percent(used[0]), rendererCpuPercent: percent(used[1]) };
}

async function main() {
  const server = await startServer({ APP_CASINO__SPEED: String(SPEED), APP_FEED__SPEED: '0' });
  const browser = await launchBrowser();
  try {
    const idle = await (async () => {
      const cdp = await browser.newBrowserCDPSession();
      const start = await processCpuSeconds(cdp);
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const used = (await processCpuSeconds(cdp)) - start;
      await cdp.detach();
      return Number(((used / 5) * 100).toFixed(2));
    })();
    console.log(JSON.stringify({ browserWithNoPageCpuPercent: idle }));
    console.log(JSON.stringify({ floorOneNumberChangingPerSecond: SPEED, ...(await floor(browser, SPEED)) }));
    for (const gtype of TABLES) {
      for (const atRest of SCROLLING ? [false, true] : [true]) console.log(JSON.stringify(await measure(browser, server, gtype, { atRest })));
    }
    console.log(JSON.stringify(await measure(browser, server, TABLES[0], { atRest: true, reducedMotion: true })));
    console.log(JSON.stringify(await measure(browser, server, TABLES[0], { atRest: true, hidden: true })));
    console.log(JSON.stringify({ floorOneNumberChangingPerSecond: SPEED, measured: 'after the tables', ...(await floor(browser, SPEED)) }));
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
