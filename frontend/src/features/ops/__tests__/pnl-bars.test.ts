import { describe, expect, it } from 'vitest';
import { pnlBars } from '../model/pnl-bars';

describe('the P/L bars', () => {
  it('rise for a win and hang for a loss around one zero line', () => {
    const { bars, zeroY } = pnlBars(
      [
        { day: '2026-11-23', pnl: 300 },
        { day: '2026-11-24', pnl: -100 },
        { day: '2026-11-25', pnl: 0 },
      ],
      300,
      100,
    );
    expect(zeroY).toBe(75);
    expect(bars.map((b) => [b.y, b.height, b.win])).toEqual([
      [0, 75, true],
      [75, 25, false],
      [75, 0, true],
    ]);
    expect(bars[1]?.x).toBeCloseTo(115);
    expect(bars[1]?.width).toBeCloseTo(70);
  });

  it('draws a flat month without dividing by zero', () => {
    const { bars, zeroY } = pnlBars([{ day: 'd', pnl: 0 }], 100, 50);
    expect([zeroY, bars[0]?.height]).toEqual([0, 0]);
  });
});
