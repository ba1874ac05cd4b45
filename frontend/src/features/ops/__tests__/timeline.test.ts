import { describe, expect, it } from 'vitest';
import type { OpsTimelinePoint } from '@/types';
import { DAY_MS, pointsIn } from '../model/timeline';

const point = (seq: number, atMs: number, balance: number, exposure: number): OpsTimelinePoint => ({ seq, atMs, balance, exposure });

describe('the balance and exposure timeline', () => {
  const points = [point(1, 0, 1000, 0), point(5, DAY_MS + 10, 1000, 250), point(9, DAY_MS + 20, 1200, 0), point(12, 3 * DAY_MS, 900, 0)];

  it('zooms to a day, starting at the level the day opened with', () => {
    const day = pointsIn(points, { fromMs: DAY_MS, toMs: 2 * DAY_MS });
    expect(day.map((p) => p.seq)).toEqual([1, 5, 9]);
    expect(day[0]).toEqual({ seq: 1, atMs: DAY_MS, balance: 1000, exposure: 0 });
    expect(pointsIn(points, null)).toHaveLength(4);
  });
});
