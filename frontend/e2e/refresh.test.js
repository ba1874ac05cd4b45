import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, loginViaUi, newPage, startServer } from './harness.js';

const T = { timeout: 60_000 };

describe('silent token refresh', () => {
  let server;
  let browser;

  before(async () => {
    server = await startServer({ APP_AUTH__ACCESS_TOKEN_TTL_SECS: '2' });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an expired access token is refreshed without the user noticing', T, async () => {
    const page = await newPage(browser, server.url);
    const refreshes = [];
    const unauthorized = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname === '/api/auth/refresh/login') refreshes.push(response.status());
      if (response.status() === 401) unauthorized.push(url.pathname);
    });
    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();

    await page.waitForTimeout(3000); // the access token is now expired

    await page.getByRole('button', { name: 'player1' }).click();
    await page.getByRole('menuitem', { name: 'Set Button Values' }).click();
    await page.getByRole('heading', { name: 'Set Button Values' }).waitFor();
    await page.getByRole('button', { name: 'Update' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/button-values');
    assert.ok(refreshes.includes(200), `refresh calls: ${JSON.stringify(refreshes)}; 401s: ${unauthorized.join(', ')}`);
    assert.equal(await page.locator('.notistack-MuiContent-error').count(), 0);

    // A reload after the next expiry still finds the user signed in.
    await page.waitForTimeout(3000);
    await page.reload();
    await page.getByTestId('balance').waitFor();
    await page.waitForTimeout(500);
    assert.equal(new URL(page.url()).pathname, '/button-values');
    assert.equal(await page.locator('.notistack-MuiContent-error').count(), 0);
    await page.context().close();
  });
});
