// Benchmark: what a spectator's browser spends on a live match with the tracker open,
// the simulator at real speed (APP_FEED__SPEED=1: a cricket ball every half minute, a football
// slice every 15 s, and every market's quotes several times a second, as a spectator watches).
// Starts the real server, opens a live cricket and a live football match as a visitor in headless
// Chromium (the harness's flags: software compositing), and over BENCH_SECONDS (default 30) after
// a 3 s warm-up sums the CPU time of every Chromium process (`SystemInfo.getProcessInfo`) and the
// page's main-thread task time (`Performance.getMetrics`), each as a share of one core. Each
// match is measured four ways: /graphic/{gmid} (the tracker alone), the match page with the
// tracker open (the default), the same page with the Live TV box closed (what the tracker adds is
// the difference), each while the header's announcement makes its one 30 s pass after the page
// opens and once it rests (the page as it stays). Like bench-casino-page.js, it also measures
// Chromium with no page open.
// Run: npm run build && EXCHANGE_BIN=../target/debug/exchange npm run bench:tracker
// (BENCH_SPORTS=football for one sport, BENCH_SECONDS=60 for a longer window)
import { announcementAtRest, launchBrowser, newPage, processCpuSeconds, startServer, taskSeconds } from './harness.js';

const SPEED = process.env.BENCH_SPEED ?? '1';
const WARM_UP_MS = 3_000;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 30) * 1000;

async function data(baseUrl, path, body = {}) {
  const response = await fetch(`${baseUrl}/data${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()).data;
}

/** Trackers in play (not at half time or an innings break), by sport id. */
const PLAYING = {
  4: (tracker) => tracker.over > 0,
  1: (tracker) => tracker.zone !== null,
};

/** The first fixture of sport `etid` in play with its tracker playing. */
async function liveFixture(baseUrl, etid) {
  const rows = await data(baseUrl, '/front/highlightproduct', { etid, type: 'all' });
  for (const row of rows.filter((r) => r.iplay)) {
    const state = await data(baseUrl, `/front/matchstate?gmid=${row.gmid}`);
    const tracker = state?.scoreboard?.tracker;
    if (tracker && PLAYING[etid](tracker)) return row;
  }
  throw new Error(`no live fixture of sport ${etid} in play`);
}

async function measure(browser, server, label, url, { closeTracker = false, atRest = false } = {}) {
  const page = await newPage(browser, server.url, { width: 1366, height: 900 });
  const pageCdp = await page.context().newCDPSession(page);
  await pageCdp.send('Performance.enable');
  const browserCdp = await browser.newBrowserCDPSession();
  await page.goto(url);
  await page.getByTestId('tracker').waitFor({ timeout: 30_000 });
  if (closeTracker) await page.getByRole('button', { name: 'Live TV' }).click();
  if (atRest) await announcementAtRest(page);
  await page.evaluate(() => {
    window.__changes = 0;
    const tracker = document.querySelector('[data-testid="tracker"]');
    if (tracker) new MutationObserver(() => (window.__changes += 1)).observe(tracker, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await page.waitForTimeout(WARM_UP_MS);
  const before = { cpu: await processCpuSeconds(browserCdp), task: await taskSeconds(pageCdp), at: Date.now() };
  await page.evaluate(() => (window.__changes = 0));
  await page.waitForTimeout(DURATION_MS);
  const after = { cpu: await processCpuSeconds(browserCdp), task: await taskSeconds(pageCdp), at: Date.now() };
  const changes = await page.evaluate(() => window.__changes);
  await browserCdp.detach();
  await page.context().close();
  const seconds = (after.at - before.at) / 1000;
  return {
    page: label,
    seconds: Number(seconds.toFixed(1)),
    trackerMutations: changes,
    browserCpuPercentOfOneCore: Number((((after.cpu - before.cpu) / seconds) * 100).toFixed(2)),
    mainThreadPercent: Number((((after.task - before.task) / seconds) * 100).toFixed(2)),
  };
}

async function main() {
  const server = await startServer({ APP_FEED__SPEED: SPEED });
  const browser = await launchBrowser();
  try {
    const cdp = await browser.newBrowserCDPSession();
    const start = await processCpuSeconds(cdp);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const idle = (((await processCpuSeconds(cdp)) - start) / 5) * 100;
    await cdp.detach();
    console.log(JSON.stringify({ browserWithNoPageCpuPercent: Number(idle.toFixed(2)) }));
    const sports = (process.env.BENCH_SPORTS ?? 'cricket,football').split(',');
    for (const [sport, etid] of [['cricket', 4], ['football', 1]].filter(([name]) => sports.includes(name))) {
      const fixture = await liveFixture(server.url, etid);
      const matchUrl = `/game-details/${etid}/${fixture.gmid}`;
      console.log(JSON.stringify(await measure(browser, server, `${sport} /graphic`, `/graphic/${fixture.gmid}`)));
      for (const atRest of [false, true]) {
        const when = atRest ? 'announcement at rest' : 'announcement scrolling';
        console.log(JSON.stringify(await measure(browser, server, `${sport} match page, tracker open, ${when}`, matchUrl, { atRest })));
        console.log(JSON.stringify(await measure(browser, server, `${sport} match page, Live TV closed, ${when}`, matchUrl, { closeTracker: true, atRest })));
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
