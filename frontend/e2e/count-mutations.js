// Which parts of a spectator's casino table page change in the DOM while the table runs at x20:
// counts the DOM mutations for BENCH_SECONDS (default 5), grouped by the nearest element with a
// data-testid (or its tag) and the kind of change, largest first. Each mutation costs style,
// layout and paint in the renderer, the part of the page's cost the JavaScript profile does not
// show. Run: npm run build && node e2e/count-mutations.js [gtype]
import { launchBrowser, spectateTable, startServer } from './harness.js';

const GTYPE = process.argv[2] ?? 'teen20';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const server = await startServer({ APP_CASINO__SPEED: '20' });
const browser = await launchBrowser();
try {
  const page = await spectateTable(browser, server, GTYPE);
  await page.evaluate(() => {
    const counts = new Map();
    const where = (node) => {
      const element = node.nodeType === 1 ? node : node.parentElement;
      const owner = element?.closest('[data-testid]');
      return owner ? owner.getAttribute('data-testid').replace(/\d+/g, 'N') : element?.tagName ?? '?';
    };
    new MutationObserver((records) => {
      for (const record of records) {
        const key = `${where(record.target)} ${record.type}${record.attributeName ? `:${record.attributeName}` : ''}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }).observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
    window.mutationCounts = counts;
  });
  await page.waitForTimeout(SECONDS * 1000);
  const counts = await page.evaluate(() => [...window.mutationCounts].sort((a, b) => b[1] - a[1]).slice(0, 30));
  console.log(`DOM mutations on ${GTYPE} at x20 over ${SECONDS} s (per second)`);
  for (const [key, n] of counts) console.log(`${(n / SECONDS).toFixed(1).padStart(8)}  ${key}`);
} finally {
  await browser.close();
  await server.stop();
}
