// The window of an account's balance and exposure timeline an operator zooms to: all of the
// log, or one day.
import type { OpsTimelinePoint } from '@/types';

export const DAY_MS = 86_400_000;

export type Window = { fromMs: number; toMs: number };

/** The points inside the window, with the last point before it carried in so the lines start at
 * the level they had when the window opened. */
export function pointsIn(points: ReadonlyArray<OpsTimelinePoint>, window: Window | null): OpsTimelinePoint[] {
  if (!window) return [...points];
  const inside = points.filter((p) => p.atMs >= window.fromMs && p.atMs < window.toMs);
  const before = [...points].reverse().find((p) => p.atMs < window.fromMs);
  return before ? [{ ...before, atMs: window.fromMs }, ...inside] : inside;
}
