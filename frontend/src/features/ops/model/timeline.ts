// The balance and exposure chart's geometry: points over time scaled into a box, and the window
// an operator zooms to (all of the log, or one day).
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

export type Scaled = { x: number; balanceY: number; exposureY: number; point: OpsTimelinePoint };

export type Range = { low: number; high: number };

export type Chart = { scaled: Scaled[]; balance: Range; exposure: Range };

/** The values' range: from 0 when `fromZero` (no exposure sits at the bottom), otherwise from
 * the lowest value, widened to a unit when flat so the line sits mid-band. */
function rangeOf(values: number[], fromZero: boolean): Range {
  const high = Math.max(...values);
  if (fromZero) return { low: 0, high: Math.max(high, 1) };
  const low = Math.min(...values);
  return high > low ? { low, high } : { low: low - 1, high: high + 1 };
}

/** Points scaled into `width`, the balance into a band of `balanceHeight` and the exposure into
 * one of `exposureHeight` below it (y grows downwards), each on its own range: a bet's exposure
 * stays visible beside a large balance. Equal times spread evenly so a burst stays readable. */
export function scale(points: ReadonlyArray<OpsTimelinePoint>, width: number, balanceHeight: number, exposureHeight: number): Chart {
  const [head, last] = [points[0], points[points.length - 1]];
  if (!head || !last) return { scaled: [], balance: { low: 0, high: 0 }, exposure: { low: 0, high: 0 } };
  const first = head.atMs;
  const span = Math.max(last.atMs - first, 1);
  const sameTime = last.atMs === first;
  const balance = rangeOf(points.map((p) => p.balance), false);
  const exposure = rangeOf(points.map((p) => p.exposure), true);
  const y = (value: number, range: Range, top: number, height: number) => top + height - ((value - range.low) / (range.high - range.low)) * height;
  const scaled = points.map((point, index) => {
    const byTime = ((point.atMs - first) / span) * width;
    const byIndex = points.length > 1 ? (index / (points.length - 1)) * width : width / 2;
    return {
      x: sameTime ? byIndex : byTime,
      balanceY: y(point.balance, balance, 0, balanceHeight),
      exposureY: y(point.exposure, exposure, balanceHeight, exposureHeight),
      point,
    };
  });
  return { scaled, balance, exposure };
}

/** An SVG path through the points as steps: a value holds until the next event changes it. */
export function stepPath(scaled: ReadonlyArray<Scaled>, pick: (s: Scaled) => number): string {
  return scaled.map((s, i) => (i === 0 ? `M${s.x.toFixed(1)},${pick(s).toFixed(1)}` : `H${s.x.toFixed(1)}V${pick(s).toFixed(1)}`)).join('');
}
