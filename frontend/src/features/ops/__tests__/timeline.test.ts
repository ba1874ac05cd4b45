import { describe, expect, it } from 'vitest';
import type { OpsTimelinePoint } from '@/types';
import { DAY_MS, pointsIn, scale, stepPath } from '../model/timeline';

const point = (seq: number, atMs: number, balance: number, exposure: number): OpsTimelinePoint => ({ seq, atMs, balance, exposure });

describe('the balance and exposure timeline', () => {
  const points = [point(1, 0, 1000, 0), point(5, DAY_MS + 10, 1000, 250), point(9, DAY_MS + 20, 1200, 0), point(12, 3 * DAY_MS, 900, 0)];

  it('zooms to a day, starting at the level the day opened with', () => {
    const day = pointsIn(points, { fromMs: DAY_MS, toMs: 2 * DAY_MS });
    expect(day.map((p) => p.seq)).toEqual([1, 5, 9]);
    expect(day[0]).toEqual({ seq: 1, atMs: DAY_MS, balance: 1000, exposure: 0 });
    expect(pointsIn(points, null)).toHaveLength(4);
  });

  it('scales time to the width, and balance and exposure each to their own band', () => {
    const { scaled, balance, exposure } = scale(points, 300, 100, 50);
    expect(balance).toEqual({ low: 900, high: 1200 });
    expect(exposure).toEqual({ low: 0, high: 250 });
    expect(scaled.map((s) => Math.round(s.x))).toEqual([0, 100, 100, 300]);
    expect(scaled.map((s) => Math.round(s.balanceY))).toEqual([67, 67, 0, 100]);
    expect(scaled.map((s) => s.exposureY)).toEqual([150, 100, 150, 150]);
  });

  it('puts a flat line mid-band', () => {
    const { scaled } = scale([point(1, 0, 500, 0), point(2, 10, 500, 0)], 10, 100, 50);
    expect(scaled.map((s) => [s.balanceY, s.exposureY])).toEqual([[50, 150], [50, 150]]);
  });

  it('draws steps: a value holds until the next event', () => {
    const { scaled } = scale([point(1, 0, 0, 0), point(2, 10, 100, 0)], 10, 100, 50);
    expect(stepPath(scaled, (s) => s.balanceY)).toBe('M0.0,100.0H10.0V0.0');
  });
});
