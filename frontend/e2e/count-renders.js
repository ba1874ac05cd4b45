// Which React components render on a spectator's casino table page while the table runs at x20:
// counts, over BENCH_SECONDS (default 10), the components that did work in each commit, through
// the hook React DevTools use (a fiber rendered when it performed work; a subtree whose child is
// the one of the last commit was skipped). Build the client without minifying, so the names
// survive:
//   DIST_DIR=/tmp/dist-named npx webpack --mode production --no-optimization-minimize
//   DIST_DIR=/tmp/dist-named node e2e/count-renders.js [gtype]
import { launchBrowser, spectateTable, startServer } from './harness.js';

const GTYPE = process.argv[2] ?? 'roulette';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** Runs in the page before React: a stand-in DevTools hook that counts renders while asked to. */
function countRenders() {
  const PERFORMED_WORK = 1;
  const counts = new Map();
  const state = { counting: false, commits: 0, counts };
  window.__renders = state;
  const nameOf = (fiber) => {
    const type = fiber.type;
    if (!type || typeof type === 'string') return null;
    return type.displayName || type.name || type.render?.displayName || type.render?.name || type.type?.displayName || type.type?.name || null;
  };
  const walk = (first) => {
    for (let fiber = first; fiber; fiber = fiber.sibling) {
      const name = (fiber.flags & PERFORMED_WORK) !== 0 ? nameOf(fiber) : null;
      if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
      if (fiber.child && fiber.alternate?.child !== fiber.child) walk(fiber.child);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      if (!state.counting) return;
      state.commits += 1;
      walk(root.current.child);
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
}

const server = await startServer({ APP_CASINO__SPEED: '20' });
const browser = await launchBrowser();
try {
  const counted = {
    newContext: async (options) => {
      const context = await browser.newContext(options);
      await context.addInitScript(countRenders);
      return context;
    },
  };
  const page = await spectateTable(counted, server, GTYPE);
  await page.evaluate(() => {
    window.__renders.counting = true;
  });
  await page.waitForTimeout(SECONDS * 1000);
  const { commits, counts } = await page.evaluate(() => ({ commits: window.__renders.commits, counts: [...window.__renders.counts] }));
  console.log(`React commits on ${GTYPE} at x20 over ${SECONDS} s: ${commits}; renders per component`);
  for (const [name, count] of counts.sort((a, b) => b[1] - a[1]).slice(0, 50)) console.log(`${String(count).padStart(7)}  ${name}`);
} finally {
  await browser.close();
  await server.stop();
}
