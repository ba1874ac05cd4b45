// Pure geometry and figures of the cricket tracker: where a wagon-wheel shot ends, the run rates,
// and the six slots of an over.
import type { Chase, Shot } from '@/types';

export type Point = { x: number; y: number };

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Where a shot ends on a ground of `radius` around `center`: angle 0 is straight down the ground
 * (up in the drawing), growing clockwise; distance is a percentage of the boundary.
 */
export function shotEnd(shot: Pick<Shot, 'angle' | 'distance'>, center: Point, radius: number): Point {
  const rad = (shot.angle * Math.PI) / 180;
  const r = (radius * Math.min(Math.max(shot.distance, 0), 100)) / 100;
  return { x: round1(center.x + r * Math.sin(rad)), y: round1(center.y - r * Math.cos(rad)) };
}

/** How a wagon-wheel line is coloured: sixes and fours stand out from the running. */
export function shotTone(runs: number): 'six' | 'four' | 'run' {
  if (runs >= 6) return 'six';
  if (runs === 4) return 'four';
  return 'run';
}

/** Runs scored on the off side (angles 0–180 for a right-hander) and the leg side. */
export function sideRuns(shots: Shot[]): { off: number; leg: number } {
  let off = 0;
  let leg = 0;
  for (const shot of shots) {
    if (shot.angle % 360 < 180) off += shot.runs;
    else leg += shot.runs;
  }
  return { off, leg };
}

/** Runs per over, two decimals; empty before a ball. */
export function runRate(runs: number, balls: number): string {
  return balls > 0 ? ((runs * 6) / balls).toFixed(2) : '';
}

/** The chase's required rate, two decimals; empty when no ball is left. */
export function requiredRate(need: Chase): string {
  return runRate(need.runs, need.balls);
}

/** An over's six slots: the balls bowled, then empty ones. */
export function overSlots(balls: string[]): (string | null)[] {
  return Array.from({ length: Math.max(6, balls.length) }, (_, i) => balls[i] ?? null);
}

/** What the tracker calls out for the over's latest ball: a boundary or a wicket, else nothing. */
export function ballCall(balls: string[]): 'FOUR' | 'SIX' | 'WICKET' | null {
  const last = balls[balls.length - 1];
  if (last === '4') return 'FOUR';
  if (last === '6') return 'SIX';
  if (last === 'W') return 'WICKET';
  return null;
}
