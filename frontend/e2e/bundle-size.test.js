// The home page's initial JavaScript, measured in the browser: every script fetched until the
// home table renders for a visitor, gzipped at level 9. The limit is 170 KiB.
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { launchBrowser, newPage, startServer } from './harness.js';

const LIMIT_BYTES = 170 * 1024;

describe('bundle size', () => {
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

  it('the home page loads at most 170 KiB of gzipped JavaScript', { timeout: 60_000 }, async () => {
    const page = await newPage(browser, server.url);
    const bodies = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) bodies.push(response.body().then((body) => ({ url: response.url(), body })));
    });
    await page.goto('/');
    await page.locator('[data-testid="match-row"]').first().waitFor();
    const scripts = await Promise.all(bodies);
    let total = 0;
    for (const { url, body } of scripts) {
      const gz = zlib.gzipSync(body, { level: 9 }).length;
      total += gz;
      console.log(`${new URL(url).pathname}: ${(gz / 1024).toFixed(1)} KiB gzipped`);
    }
    console.log(`home page JS: ${scripts.length} files, ${(total / 1024).toFixed(1)} KiB gzipped`);
    assert.ok(total <= LIMIT_BYTES, `home page JS is ${total} bytes gzipped`);
    await page.context().close();
  });
});
