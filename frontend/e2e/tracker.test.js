// The live match tracker against the real server with the simulator at twenty times
// real speed (a ball, a football slice or a point every second or so): a spectator opens a live
// cricket, football and tennis match and sees the tracker follow the score the server pushes,
// and /graphic/{gmid} shows the tracker alone. Screenshots at 1366 and 375 px.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { data, launchBrowser, newPage, screenshotPath, sleep, startServer } from './harness.js';

const T = { timeout: 180_000 };
const ENV = { APP_FEED__SPEED: '20' };

/** What the page shows of the cricket tracker and the scoreboard, read at one moment. */
function readCricket() {
  const texts = (selector) => [...document.querySelectorAll(selector)].map((el) => el.textContent.trim());
  return {
    over: document.querySelector('[data-testid="tracker-over"]')?.getAttribute('data-over') ?? '',
    overBalls: texts('[data-testid="tracker-over-ball"]'),
    lastBalls: texts('[aria-label="Last balls"] > *'),
    shots: document.querySelectorAll('[data-testid="wagon-shot"]').length,
    scores: texts('[aria-label="Scoreboard"] p'),
  };
}

/** The scoreboard's last balls, goals or points that stick out of its box, or whose text does
 *  not fit their own (none should). */
function scoreboardSpill() {
  const box = document.querySelector('[aria-label="Scoreboard"]').getBoundingClientRect();
  return [...document.querySelectorAll('[aria-label="Last balls"] > *')]
    .filter((el) => {
      const r = el.getBoundingClientRect();
      const outside = r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5;
      return outside || el.scrollWidth > el.clientWidth + 1;
    })
    .map((el) => el.textContent);
}

/** The tracker at 1366 px, then on a phone (the page lays itself out again first); at each, the
 *  scoreboard holds its own entries. */
async function screenshotsAt(page, name) {
  await page.waitForTimeout(800); // let a new ball's or point's pop settle
  await page.screenshot({ path: screenshotPath(`tracker-${name}-1366.png`), fullPage: false });
  assert.deepEqual(await page.evaluate(scoreboardSpill), [], `${name} at 1366 px: entries spill out of the scoreboard`);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(500);
  await page.getByTestId('tracker').scrollIntoViewIfNeeded();
  await page.waitForTimeout(800);
  await page.screenshot({ path: screenshotPath(`tracker-${name}-375.png`), fullPage: false });
  assert.deepEqual(await page.evaluate(scoreboardSpill), [], `${name} at 375 px: entries spill out of the scoreboard`);
}

describe('live match tracker', () => {
  let server;
  let browser;

  before(async () => {
    server = await startServer(ENV);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const matchState = (gmid) => data(server.url, `/front/matchstate?gmid=${gmid}`);

  /** A fixture of sport `etid` in play whose tracker satisfies `ready`, waiting for one if needed. */
  async function liveFixture(etid, ready) {
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const rows = await data(server.url, '/front/highlightproduct', { etid, type: 'all' });
      for (const row of rows.filter((r) => r.iplay)) {
        const state = await matchState(row.gmid);
        if (state?.scoreboard?.tracker && ready(state.scoreboard.tracker)) return row;
      }
      await sleep(1000);
    }
    throw new Error(`no live fixture of sport ${etid} with a tracker ready`);
  }

  it('a spectator sees the cricket over ball by ball and the wagon wheel grow with the score', T, async () => {
    const fixture = await liveFixture(4, (t) => t.this_over.length > 0 && t.this_over.length < 6);
    const page = await newPage(browser, server.url);
    await page.goto(`/game-details/4/${fixture.gmid}`);
    await page.locator('[data-testid="tracker"][data-sport="cricket"]').waitFor();
    await page.getByTestId('tracker-over-ball').first().waitFor();

    // The over's balls shown are the scoreboard's last balls: both come from the server's state.
    const first = await page.evaluate(readCricket);
    assert.ok(first.overBalls.length > 0 && first.overBalls.length <= 6, JSON.stringify(first));
    assert.deepEqual(first.lastBalls.slice(-first.overBalls.length), first.overBalls);

    // The next ball the server pushes: the score moves, and the tracker with it.
    await page.waitForFunction(
      (before) => {
        const balls = [...document.querySelectorAll('[data-testid="tracker-over-ball"]')].map((el) => el.textContent.trim());
        const over = document.querySelector('[data-testid="tracker-over"]')?.getAttribute('data-over');
        return over !== before.over || balls.length !== before.overBalls.length;
      },
      first,
      { timeout: 60_000 },
    );
    const next = await page.evaluate(readCricket);
    assert.notDeepEqual(next.scores, first.scores, 'the scoreboard moved with the tracker');
    assert.deepEqual(next.lastBalls.slice(-next.overBalls.length), next.overBalls);
    const ball = next.overBalls[next.overBalls.length - 1];
    if (next.over === first.over) assert.equal(next.overBalls.length, first.overBalls.length + 1, 'one new ball in the over');
    else assert.equal(next.overBalls.length, 1, 'a new over starts with its first ball');
    const sameInnings = Number(next.over) - Number(first.over) <= 1 && Number(next.over) >= Number(first.over);
    if (ball !== 'W' && ball !== '0' && sameInnings) assert.equal(next.shots, first.shots + 1, `a ${ball} is a new line of the wagon wheel`);

    await screenshotsAt(page, 'cricket');
    await page.context().close();
  });

  it('a spectator sees the football zone and momentum move', T, async () => {
    // Not near half time or full time (a minute of play is three seconds here).
    const fixture = await liveFixture(1, (t) => t.zone !== null && (t.minute < 38 || (t.minute > 47 && t.minute < 80)));
    const page = await newPage(browser, server.url);
    await page.goto(`/game-details/1/${fixture.gmid}`);
    await page.locator('[data-testid="tracker"][data-sport="football"]').waitFor();
    // Half time (45 s here) has no ball in play: wait for the next slice of play.
    await page.locator('[data-testid="tracker-zone"]:not([data-team=""])').waitFor({ timeout: 60_000 });
    const read = () =>
      page.evaluate(() => {
        const zone = document.querySelector('[data-testid="tracker-zone"]');
        const momentum = document.querySelector('[data-testid="momentum"]');
        return { team: zone.getAttribute('data-team'), area: zone.getAttribute('data-area'), points: Number(momentum.getAttribute('data-points')), d: momentum.getAttribute('d') };
      });
    const first = await read();
    assert.ok(['0', '1'].includes(first.team) && ['safe', 'attack', 'danger'].includes(first.area), JSON.stringify(first));
    assert.ok(first.points > 0);
    // Each 15 s slice of play (under a second here) moves the zone or the momentum line.
    await page.waitForFunction(
      (before) => {
        const zone = document.querySelector('[data-testid="tracker-zone"]');
        const d = document.querySelector('[data-testid="momentum"]')?.getAttribute('d');
        if (!zone) return false;
        return zone.getAttribute('data-team') !== before.team || zone.getAttribute('data-area') !== before.area || d !== before.d;
      },
      first,
      { timeout: 30_000 },
    );
    const state = await matchState(fixture.gmid);
    assert.equal(state.scoreboard.tracker.sport, 'football');
    assert.ok(state.scoreboard.tracker.momentum.length >= first.points, "the server's momentum is as long as the one shown, or longer");

    await screenshotsAt(page, 'football');
    await page.context().close();
  });

  it('a spectator sees the tennis server and the point score follow the match', T, async () => {
    const fixture = await liveFixture(2, (t) => t.server !== null);
    const page = await newPage(browser, server.url);
    await page.goto(`/game-details/2/${fixture.gmid}`);
    await page.locator('[data-testid="tracker"][data-sport="tennis"]').waitFor();
    const read = () =>
      page.evaluate(() => ({
        server: document.querySelector('[data-testid="tracker-server"]').getAttribute('data-server'),
        points: [...document.querySelectorAll('[data-testid="tracker-points"]')].map((el) => el.textContent.trim()),
        rally: document.querySelectorAll('[data-testid="tracker-rally-point"]').length,
        message: document.querySelector('[data-testid="tracker-message"]')?.textContent ?? '',
        names: [...document.querySelectorAll('[aria-label="Scoreboard"] > div > p:first-child')].map((el) => el.textContent.trim()),
      }));
    const first = await read();
    assert.ok(['0', '1'].includes(first.server), JSON.stringify(first));
    // The server's own line names who serves: the tracker's ball waits with that player.
    assert.ok(first.message.includes(`${first.names[Number(first.server)]} serving`), JSON.stringify(first));
    assert.equal(first.points.length, 2);
    await page.waitForFunction(
      (before) => {
        const points = [...document.querySelectorAll('[data-testid="tracker-points"]')].map((el) => el.textContent.trim());
        return points.join('|') !== before.points.join('|') || document.querySelectorAll('[data-testid="tracker-rally-point"]').length !== before.rally;
      },
      first,
      { timeout: 30_000 },
    );
    const next = await read();
    if (next.server !== '') assert.ok(next.message.includes(`${next.names[Number(next.server)]} serving`), JSON.stringify(next));
    await screenshotsAt(page, 'tennis');
    await page.context().close();
  });

  it('/graphic/{gmid} shows the tracker alone', T, async () => {
    const fixture = await liveFixture(4, (t) => t.over > 0);
    const page = await newPage(browser, server.url);
    await page.goto(`/graphic/${fixture.gmid}`);
    await page.locator('[data-testid="tracker"][data-sport="cricket"]').waitFor();
    await page.getByTestId('wagon-wheel').waitFor();
    assert.equal(await page.getByRole('heading', { name: fixture.ename }).count(), 1);
    assert.equal(await page.locator('[data-testid^="row-"]').count(), 0, 'no markets on the graphic');
    assert.equal(await page.getByTestId('balance').count(), 0, 'no header: the graphic stands alone');
    await page.waitForTimeout(800); // let a new ball's or point's pop settle
    await page.screenshot({ path: screenshotPath('tracker-graphic-1366.png'), fullPage: false });
    await page.setViewportSize({ width: 375, height: 700 });
    await page.waitForTimeout(800); // let a new ball's or point's pop settle
    await page.screenshot({ path: screenshotPath('tracker-graphic-375.png'), fullPage: false });
    await page.context().close();
  });
});
