// Benchmark: the match page with 8+ live markets must have no main-thread task over
// 50 ms while odds change 20 times a second. Starts the real server with frozen prices, opens a
// cricket match page in headless Chromium, has the operator inject a market_updated 20 times a
// second for 10 s (rotating over every market, each change moving every price of that market),
// and records long tasks in the page with PerformanceObserver({type: 'longtask'}).
// Run: npm run build && npm run bench:match   (BENCH_CPU_THROTTLE=4 adds a slowed-CPU pass)
import { api, launchBrowser, newPage, operatorToken, startServer } from './harness.js';

const RATE_PER_S = 20;
const DURATION_MS = 10_000;
const LONG_TASK_MS = 50;
const LINE_TYPES = new Set(['fancy', 'meter', 'khado']);

async function data(baseUrl, path, body = {}) {
  const response = await fetch(`${baseUrl}/data${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return (await response.json()).data;
}

/** The market with every price moved by one tick up (odd changes) or back (even changes). */
function flipped(market, up) {
  const step = LINE_TYPES.has(market.gtype) ? 1 : 0.01;
  const move = (odds) => Math.round((odds + (up ? step : 0)) * 100) / 100;
  return { ...market, section: market.section.map((s) => ({ ...s, odds: s.odds.map((l) => ({ ...l, odds: move(l.odds) })) })) };
}

async function runPass(browser, server, token, fixture, markets, throttle) {
  const page = await newPage(browser, server.url, { width: 1366, height: 900 });
  await page.addInitScript(() => {
    window.__longTasks = [];
    window.__flashes = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  if (throttle > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  await page.goto(`/game-details/${fixture.etid}/${fixture.gmid}`);
  await page.getByRole('region', { name: 'Match Odds' }).getByRole('button', { name: /^back \d/ }).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  const marketsShown = await page.locator('[data-testid^="market-"]').count();
  await page.evaluate(() => {
    window.__longTasks = [];
    new MutationObserver((records) => {
      for (const r of records) if (r.target.getAttribute?.('data-flash') === 'true') window.__flashes += 1;
    }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-flash'] });
  });

  const interval = 1000 / RATE_PER_S;
  const started = Date.now();
  let sent = 0;
  const lateness = [];
  while (Date.now() - started < DURATION_MS) {
    const due = started + sent * interval;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lateness.push(Math.max(0, Date.now() - due));
    const market = markets[sent % markets.length];
    const up = Math.floor(sent / markets.length) % 2 === 0;
    await api(server.url, 'POST', '/ops/feed/events', { body: [{ type: 'market_updated', market: flipped(market, up) }], token });
    sent += 1;
  }
  const elapsedS = (Date.now() - started) / 1000;
  await page.waitForTimeout(500);
  const { longTasks, flashes } = await page.evaluate(() => ({ longTasks: window.__longTasks, flashes: window.__flashes }));
  await page.context().close();
  const durations = longTasks.map((t) => t.duration);
  return {
    cpuThrottle: throttle,
    marketsOnPage: markets.length,
    marketTablesOrGroups: marketsShown,
    changesSent: sent,
    changesPerSecond: Number((sent / elapsedS).toFixed(1)),
    cellsFlashed: flashes,
    longTasks: durations.length,
    longTasksOver50ms: durations.filter((d) => d > LONG_TASK_MS).length,
    longestTaskMs: durations.length ? Math.round(Math.max(...durations)) : 0,
    senderLatenessMaxMs: Math.round(Math.max(...lateness)),
  };
}

async function main() {
  const server = await startServer({ APP_FEED__SPEED: '0', APP_BETTING__INPLAY_DELAY_MS_PER_SEC: '0' });
  const browser = await launchBrowser();
  try {
    const token = await operatorToken(server.url);
    const rows = await data(server.url, '/front/highlightproduct', { etid: 4, type: 'all' });
    let chosen = null;
    for (const fixture of rows) {
      const state = await data(server.url, `/front/matchstate?gmid=${fixture.gmid}`);
      if (state.markets.length >= 8) {
        chosen = { fixture, markets: state.markets };
        break;
      }
    }
    if (!chosen) throw new Error('no cricket fixture with 8 or more markets');
    const types = [...new Set(chosen.markets.map((m) => m.gtype))].join(', ');
    console.log(`fixture ${chosen.fixture.ename} (gmid ${chosen.fixture.gmid}): ${chosen.markets.length} markets of types ${types}`);
    const throttles = [1, ...(process.env.BENCH_CPU_THROTTLE ? [Number(process.env.BENCH_CPU_THROTTLE)] : [])];
    let failed = false;
    for (const throttle of throttles) {
      const result = await runPass(browser, server, token, chosen.fixture, chosen.markets, throttle);
      console.log(JSON.stringify(result));
      if (throttle === 1 && result.longTasksOver50ms > 0) failed = true;
    }
    console.log(failed ? 'FAIL: a main-thread task took over 50 ms' : 'PASS: no main-thread task over 50 ms');
    process.exitCode = failed ? 1 : 0;
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
