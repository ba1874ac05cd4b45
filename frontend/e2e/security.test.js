// The site works under its Content-Security-Policy: every page a player visits renders its live
// data with no policy violation (no inline script, styles only with the page's nonce), and the
// page cannot be framed by another site.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { data, launchBrowser, loginViaUi, newPage, startServer } from './harness.js';

const T = { timeout: 90_000 };

/** Records CSP violations and console errors that mention the policy, from the first script on. */
async function watchPolicy(page) {
  const console = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  await page.context().addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return console;
}

describe('content security policy', () => {
  let server;
  let browser;

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('every page renders under the policy with no violation', T, async () => {
    const page = await newPage(browser, server.url);
    const consoleErrors = await watchPolicy(page);
    const response = await page.goto('/');
    const policy = response.headers()['content-security-policy'];
    assert.match(policy, /script-src 'self';/);
    assert.doesNotMatch(policy, /unsafe-inline/);
    await page.locator('[data-testid="match-row"]').first().waitFor();
    // The page's styles came in with the nonce: MUI rendered, so its style elements applied.
    const styled = await page.evaluate(() => [...document.querySelectorAll('style[data-emotion]')].every((s) => s.nonce && s.nonce.length > 0));
    assert.ok(styled, 'every emotion style element carries the nonce');
    assert.deepEqual(await page.evaluate(() => window.__violations), [], 'no violation on the home page');
    // The footer says what is true of the connection: this test serves plain HTTP.
    assert.equal(await page.getByTestId('connection-note').getAttribute('data-secure'), 'false');
    assert.match(await page.getByTestId('connection-note').textContent(), /not encrypted/);

    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();
    const [cricket] = await data(server.url, '/front/highlightproduct', { etid: 4, type: 'all' });
    const visits = [
      [`/game-details/4/${cricket.gmid}`, page.getByText(cricket.ename).first()],
      ['/casino/teen20', page.getByText('Teen', { exact: false }).first()],
      ['/account-statement', page.getByText('Account Statement').first()],
      ['/secure-auth', page.getByText('Security Auth Verification').first()],
      ['/deposit', page.getByText('Deposit').first()],
    ];
    for (const [path, ready] of visits) {
      await page.goto(path);
      await ready.waitFor();
      await page.waitForTimeout(300);
      const violations = await page.evaluate(() => window.__violations);
      assert.deepEqual(violations, [], `no violation on ${path}`);
    }
    assert.deepEqual(consoleErrors, [], 'no policy error in the console');
    await page.context().close();
  });

  it('another site cannot frame the page', T, async () => {
    const page = await newPage(browser, server.url);
    await page.setContent(`<iframe id="framed" src="${server.url}/" style="width:400px;height:300px"></iframe>`);
    await page.waitForTimeout(1500);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    const framedRoot = frame ? await frame.evaluate(() => document.getElementById('root')?.childElementCount ?? 0).catch(() => 0) : 0;
    assert.equal(framedRoot, 0, 'the framed page never rendered');
    await page.context().close();
  });
});
