import type { CasinoResultRow } from '@/types';
import { matchesSearch } from './search';

/** Search by round id or name (the winner's or the table's), any case. */
export function filterResults(rows: ReadonlyArray<CasinoResultRow>, search: string): CasinoResultRow[] {
  return rows.filter((row) => matchesSearch(search, [row.mid, row.winner, row.ename]));
}
