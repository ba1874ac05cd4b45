// Screenshots at the spec's three layout widths (under 768, 768 to 1200, 1200 and up), for a
// person to look at. They go to e2e/screenshots/ (gitignored).
import { after, before, describe, it } from 'node:test';
import { launchBrowser, loginViaUi, newPage, screenshotPath, startServer } from './harness.js';

const WIDTHS = [375, 800, 1366];
const T = { timeout: 120_000 };

describe('screenshots', () => {
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

  for (const width of WIDTHS) {
    it(`home, login and change password at ${width} px`, T, async () => {
      const page = await newPage(browser, server.url, { width, height: 900 });
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
      await page.screenshot({ path: screenshotPath(`login-${width}.png`), fullPage: true });

      await page.goto('/');
      await page.getByRole('button', { name: 'Demo' }).waitFor();
      await page.locator('[data-testid="match-row"]').first().waitFor();
      await page.screenshot({ path: screenshotPath(`home-visitor-${width}.png`), fullPage: true });

      await loginViaUi(page, 'player1', 'player123');
      await page.getByTestId('balance').waitFor();
      await page.locator('[data-testid="match-row"]').first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: screenshotPath(`home-signed-in-${width}.png`), fullPage: true });

      await page.goto('/change-password');
      await page.getByRole('button', { name: 'Change Password' }).waitFor();
      await page.screenshot({ path: screenshotPath(`change-password-${width}.png`), fullPage: true });
      await page.context().close();
    });
  }

  it('the welcome popup at 375 px', T, async () => {
    const page = await newPage(browser, server.url, { width: 375, height: 800, welcomeSeen: false });
    await page.goto('/');
    await page.getByRole('dialog', { name: 'Welcome' }).waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: screenshotPath('welcome-375.png') });
    await page.context().close();
  });
});
