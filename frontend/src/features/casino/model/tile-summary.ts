// What a lobby tile shows of its table's live round: the countdown, where the round is, the last
// results and the stake limits of its items.
import type { CasinoRound, ResultRow, RoundStatus } from '@/types';

export type TileSummary = { lt: number; status: RoundStatus; results: ResultRow[]; min: number; max: number };

/** The last results a tile shows. */
export const TILE_RESULTS = 5;

export function tileSummary(round: CasinoRound): TileSummary {
  const mins = round.items.map((item) => item.min).filter((min) => min > 0);
  const maxes = round.items.map((item) => item.max).filter((max) => max > 0);
  return {
    lt: round.lt,
    status: round.status,
    results: round.results.slice(0, TILE_RESULTS),
    min: mins.length > 0 ? Math.min(...mins) : 0,
    max: maxes.length > 0 ? Math.max(...maxes) : 0,
  };
}

/** The same view: a tile re-renders only when what it shows changes. */
export function sameSummary(a: TileSummary | null, b: TileSummary): boolean {
  return (
    a !== null &&
    a.lt === b.lt &&
    a.status === b.status &&
    a.min === b.min &&
    a.max === b.max &&
    a.results.length === b.results.length &&
    a.results.every((row, index) => row.mid === b.results[index]?.mid)
  );
}
