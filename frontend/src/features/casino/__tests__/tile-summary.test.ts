import { sameSummary, tileSummary } from '../model/tile-summary';
import { makeItem, makeRound } from './round-fixtures';

describe('a lobby tile sums up its table’s round', () => {
  it('shows the countdown, the last five results and the widest limits', () => {
    const results = Array.from({ length: 8 }, (_, i) => ({ mid: String(i), win: 'A', nat: 'Player A' }));
    const round = makeRound({ lt: 12, results, items: [makeItem({ min: 100, max: 25_000 }), makeItem({ sid: 2, min: 50, max: 5_000 }), makeItem({ sid: 3, min: 0, max: 0 })] });
    const summary = tileSummary(round);
    expect(summary).toMatchObject({ lt: 12, status: 'OPEN', min: 50, max: 25_000 });
    expect(summary.results.map((row) => row.mid)).toEqual(['0', '1', '2', '3', '4']);
  });

  it('is the same view until the countdown, status, results or limits change', () => {
    const a = tileSummary(makeRound());
    expect(sameSummary(a, tileSummary(makeRound({ ts: 5 })))).toBe(true);
    expect(sameSummary(a, tileSummary(makeRound({ lt: 14 })))).toBe(false);
    expect(sameSummary(null, a)).toBe(false);
  });
});
