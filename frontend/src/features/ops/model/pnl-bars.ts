// The house's P/L per day as bars around a zero line: a win rises above it, a loss hangs below,
// every bar scaled to the largest day of either sign.

export type DayBar = { day: string; pnl: number; x: number; y: number; width: number; height: number; win: boolean };

/** Bars for `days` in a `width` × `height` box; the zero line's y is returned with them. */
export function pnlBars(days: ReadonlyArray<{ day: string; pnl: number }>, width: number, height: number): { bars: DayBar[]; zeroY: number } {
  const top = Math.max(0, ...days.map((d) => d.pnl));
  const bottom = Math.min(0, ...days.map((d) => d.pnl));
  const range = top - bottom || 1;
  const zeroY = (top / range) * height;
  const slot = days.length ? width / days.length : width;
  const bars = days.map((d, i) => {
    const size = (Math.abs(d.pnl) / range) * height;
    return { day: d.day, pnl: d.pnl, x: i * slot + slot * 0.15, y: d.pnl >= 0 ? zeroY - size : zeroY, width: slot * 0.7, height: size, win: d.pnl >= 0 };
  });
  return { bars, zeroY };
}
