// Which functions a spectator's casino table page runs while the table updates 20 times a
// second: samples the page's JavaScript with V8's profiler for BENCH_SECONDS (default 5) on a
// table at x20 and prints self and total time per function, largest first. Build the client
// without minifying so the names survive:
//   DIST_DIR=/tmp/dist-named npx webpack --mode production --no-optimization-minimize
//   DIST_DIR=/tmp/dist-named node e2e/profile-casino-page.js [gtype]
import { launchBrowser, spectateTable, startServer } from './harness.js';

const GTYPE = process.argv[2] ?? 'teen20';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const server = await startServer({ APP_CASINO__SPEED: '20' });
const browser = await launchBrowser();
try {
  const page = await spectateTable(browser, server, GTYPE);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.waitForTimeout(SECONDS * 1000);
  const { profile } = await cdp.send('Profiler.stop');
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const dt = new Map();
  for (let i = 0; i < profile.samples.length; i += 1) {
    const id = profile.samples[i];
    dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const name = (n) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
  const self = new Map();
  const total = new Map();
  for (const [id, us] of dt) {
    const n = nodes.get(id);
    self.set(name(n), (self.get(name(n)) ?? 0) + us);
    // Total: once per function on the sample's stack.
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const key = name(nodes.get(at));
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + us);
    }
  }
  const print = (title, map) => {
    console.log(`${title} (${GTYPE} at x20, ${SECONDS} s), ms and % of one core`);
    for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).filter(([key]) => !process.env.PROFILE_MATCH || new RegExp(process.env.PROFILE_MATCH).test(key)).slice(0, 45)) {
      console.log(`${(us / 1000).toFixed(1).padStart(8)} ms ${(us / 10_000 / SECONDS).toFixed(2).padStart(6)} %  ${key}`);
    }
  };
  print('self time', self);
  print('total time', total);
} finally {
  await browser.close();
  await server.stop();
}
