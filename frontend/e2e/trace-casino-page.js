// Where a spectator's casino table page spends its time while the table updates 20 times a
// second: records a Chromium trace of BENCH_SECONDS (default 5) on a table at x20 with
// the announcement at rest and prints the thread time of the trace's event names, largest first
// (self time of complete events on the renderer's main and compositor threads and the raster
// workers). Run: npm run build && node e2e/trace-casino-page.js [gtype]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser, spectateTable, startServer } from './harness.js';

const GTYPE = process.argv[2] ?? 'teen20';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'gpu', 'viz', 'v8'];

const server = await startServer({ APP_CASINO__SPEED: '20' });
const browser = await launchBrowser();
try {
  const page = await spectateTable(browser, server, GTYPE);
  const file = path.join(os.tmpdir(), `trace-${GTYPE}.json`);
  await browser.startTracing(page, { path: file, categories: CATEGORIES });
  await page.waitForTimeout(SECONDS * 1000);
  await browser.stopTracing();
  const { traceEvents } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const threads = new Map();
  for (const e of traceEvents) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  // Self time: a complete event's duration less its children's on the same thread.
  const byThread = new Map();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || typeof e.dur !== 'number') continue;
    const key = `${e.pid}:${e.tid}`;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  const totals = new Map();
  for (const [key, events] of byThread) {
    events.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    const stack = [];
    for (const e of events) {
      while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
      const parent = stack[stack.length - 1];
      if (parent) parent.self -= e.dur;
      e.self = e.dur;
      stack.push(e);
    }
    for (const e of events) {
      const name = `${threads.get(key) ?? key} / ${e.name}`;
      totals.set(name, (totals.get(name) ?? 0) + e.self);
    }
  }
  const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 30);
  console.log(`${GTYPE} at x20, ${SECONDS} s: self time per thread and event, ms (and % of one core)`);
  for (const [name, us] of rows) console.log(`${(us / 1000).toFixed(1).padStart(8)} ms ${((us / 10_000 / SECONDS)).toFixed(2).padStart(6)} %  ${name}`);
} finally {
  await browser.close();
  await server.stop();
}
