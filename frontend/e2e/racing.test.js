// Racing against the real server: one greyhound race on the card, shown 25 s before its off, one
// runner withdrawn before it (a non-runner), the win market on the exchange (the market makers
// quote it). The sidebar's Greyhound Racing opens the meetings, the race opens its page: the
// tracker draws the runners moving along the track once the market turns in-play at the off,
// and the page shows the result when the race settles. A player backs a runner at the makers'
// best price before the off: matched at once, and settled with the race (the exposure returns and
// the balance moves). Screenshots at 1366 and 375 px.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { data, launchBrowser, loginViaUi, newPage, screenshotPath, sleep } from './harness.js';
import { startServer } from './harness.js';

const T = { timeout: 180_000 };
const LEAD_SECS = 25;
const ENV = {
  APP_FEED__FIXTURES_PER_SPORT: '1',
  APP_FEED__VIRTUAL_FIXTURES: '0',
  APP_CASINO__SIMULATOR: 'false',
  APP_BETTING__INPLAY_DELAY_MS_PER_SEC: '0',
  APP_FEED__RACING__GREYHOUND_RACES: '1',
  APP_FEED__RACING__HORSE_RACES: '1',
  APP_FEED__RACING__GREYHOUND_LEAD_SECS_MIN: String(LEAD_SECS),
  APP_FEED__RACING__GREYHOUND_LEAD_SECS_MAX: String(LEAD_SECS),
  APP_FEED__RACING__HORSE_LEAD_SECS_MIN: '900',
  APP_FEED__RACING__HORSE_LEAD_SECS_MAX: '900',
  APP_FEED__RACING__NON_RUNNER_CHANCE: '1',
};

/** Where each drawn runner is now: sid → metres run. */
async function positions(page) {
  return page.evaluate(() => {
    const out = {};
    for (const el of document.querySelectorAll('[data-testid^="race-runner-"][data-position]')) out[el.getAttribute('data-testid')] = Number(el.getAttribute('data-position'));
    return out;
  });
}

describe('racing', () => {
  let server;
  let browser;
  let race;

  before(async () => {
    server = await startServer(ENV);
    browser = await launchBrowser();
    const rows = await data(server.url, '/front/highlightproduct', { etid: 4339, type: 'all' });
    race = rows[0];
    assert.ok(race, 'a greyhound race on the card');
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the sidebar opens the meetings, the race page shows the runners move at the off and the result', T, async () => {
    const page = await newPage(browser, server.url);
    await loginViaUi(page, 'player1', 'player123');
    await page.getByTestId('balance').waitFor();
    await page.goto('/');
    await page.locator('section[aria-label="Racing Sports"]').getByText('Greyhound Racing', { exact: true }).click();
    await page.waitForURL(/\/racing\/4339$/);
    const line = page.getByTestId(`race-${race.gmid}`);
    await line.waitFor();
    assert.equal(await line.getAttribute('data-status'), 'pre-race');
    assert.ok(await page.getByRole('heading', { name: race.cname }).isVisible(), 'the meeting is named by its venue');
    await page.screenshot({ path: screenshotPath('racing-meetings-1366.png') });
    await line.getByRole('link', { name: race.ename }).click();
    await page.waitForURL(new RegExp(`/game-details/4339/${race.gmid}$`));
    const tracker = page.getByTestId('race-tracker');
    await tracker.waitFor();
    assert.equal(await tracker.getAttribute('data-phase'), 'pre');
    assert.equal(await page.locator('[data-testid^="race-runner-"]').count(), 6, 'six greyhounds drawn');
    // A runner is withdrawn before the off: its rows say Non-runner and the tracker marks it NR.
    await page.getByLabel('Non-runner').first().waitFor({ timeout: LEAD_SECS * 1000 });
    await page.locator('[data-non-runner="true"]').waitFor();
    await page.screenshot({ path: screenshotPath('race-pre-1366.png'), fullPage: true });

    // The player backs the first runner still running at the best price the makers lay.
    const balanceBefore = await page.getByTestId('balance').textContent();
    const running = await page.evaluate(() => [...document.querySelectorAll('[data-testid^="race-runner-"][data-position]')].map((el) => el.getAttribute('data-testid').replace('race-runner-', '')));
    const row = page.locator(`[data-testid$="-${running[0]}"][data-testid^="row-"]`).first();
    // The withdrawal lapsed every order of the market: wait for the makers to quote again.
    const backs = row.locator('button[aria-label^="back "]:not([aria-label="back no price"]):not([disabled])');
    await backs.first().waitFor();
    await backs.nth((await backs.count()) - 1).click();
    // The slip may still be settling on its selection when the stake is first typed: type it
    // until Submit takes it.
    const submit = page.getByRole('button', { name: 'Submit' });
    for (let tries = 0; tries < 10 && !(await submit.isEnabled()); tries += 1) {
      await page.getByRole('textbox', { name: 'Stake' }).fill('100');
      await sleep(200);
    }
    await page.screenshot({ path: screenshotPath('race-slip-1366.png') });
    await submit.click();
    await page.getByText(/Bet matched: 100\.00 matched at/).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="exposure"]')?.textContent === '-100.00', null, { timeout: 10_000 });

    // At the off the fixture turns in-play and the race runs: the runners move along the track.
    await tracker.locator('xpath=self::*[@data-phase="running"]').waitFor({ timeout: (LEAD_SECS + 15) * 1000 });
    await page.getByText('In-play').first().waitFor();
    const first = await positions(page);
    await sleep(3000);
    const later = await positions(page);
    const moved = Object.keys(later).filter((runner) => later[runner] > (first[runner] ?? 0));
    assert.ok(moved.length >= 5, `the five runners moved: ${JSON.stringify(first)} then ${JSON.stringify(later)}`);
    assert.equal(await page.locator('[data-leader="true"]').count(), 1, 'one leader ringed');
    await page.screenshot({ path: screenshotPath('race-running-1366.png'), fullPage: true });
    const phone = await newPage(browser, server.url, { width: 375, height: 812 });
    await phone.goto(`/game-details/4339/${race.gmid}`);
    await phone.getByTestId('race-tracker').waitFor();
    await sleep(1000);
    await phone.screenshot({ path: screenshotPath('race-running-375.png'), fullPage: true });
    await phone.close();

    // The race finishes and settles: the page shows the result, the tracker where each finished.
    await page.getByTestId('final-result').waitFor({ timeout: 60_000 });
    const message = await page.getByTestId('final-message').textContent();
    assert.match(message, /^Result: 1st \d\. .+, 2nd \d\. .+, 3rd \d\. .+/);
    const results = await page.getByTestId('final-market').allTextContents();
    assert.ok(results.some((row) => row.startsWith('Win')), JSON.stringify(results));
    assert.ok(results.some((row) => row.startsWith('Place (top 2)')), JSON.stringify(results));
    assert.equal(await page.getByTestId('race-tracker').getAttribute('data-phase'), 'finished');
    // The back settled with the race: no exposure left, and the balance moved (won or lost).
    await page.waitForFunction(() => document.querySelector('[data-testid="exposure"]')?.textContent === '0.00', null, { timeout: 15_000 });
    assert.notEqual(await page.getByTestId('balance').textContent(), balanceBefore);
    await page.screenshot({ path: screenshotPath('race-result-1366.png'), fullPage: true });
    await page.close();

    // Back on the meetings list the race is a result, and the next race is on the card.
    const meetings = await newPage(browser, server.url, { width: 375, height: 812 });
    await meetings.goto('/racing/4339');
    await meetings.locator('[data-status="pre-race"]').first().waitFor();
    await meetings.screenshot({ path: screenshotPath('racing-meetings-375.png'), fullPage: true });
    await meetings.close();
  });
});
