// Live Casino Bets: the user's bets on our own tables as report rows. Un-settled rows come from
// the open casino bets, settled rows from the bets inside the casino account-statement rows.
import type { BetView, SettlementRow } from '@/types';
import { formatQueryDate } from '@/utils/format';

export type ReportType = 'settled' | 'unsettled';
export type CasinoBetOutcome = 'Win' | 'Loss' | 'Push' | 'Void' | 'Pending';

export type CasinoBetRow = {
  betId: number;
  game: string;
  gType: string;
  selection: string;
  side: BetView['betType'];
  outcome: CasinoBetOutcome;
  amount: number;
  /** The bet's result (+profit / −loss), null while open. */
  total: number | null;
  createdAt: string;
  roundId: string;
};

/** Our one provider, and its tables (docs/api.md "Live casino"). */
export const OUR_PROVIDER = 'Our Casino';
export const OUR_TABLES: ReadonlyArray<{ gtype: string; name: string }> = [
  { gtype: 'teen20', name: 'Teen Patti 20-20' },
  { gtype: 'lucky7', name: 'Lucky 7' },
  { gtype: 'dt20', name: 'Dragon Tiger 20-20' },
  { gtype: 'ab20', name: 'Andar Bahar' },
  { gtype: 'card32', name: '32 Cards' },
  { gtype: 'baccarat', name: 'Baccarat' },
  { gtype: 'roulette', name: 'Roulette' },
  { gtype: 'war', name: 'Casino War' },
  { gtype: 'sicbo', name: 'Sic Bo' },
  { gtype: 'poker20', name: 'Poker 20-20' },
  { gtype: 'race20', name: 'Race 20' },
  { gtype: 'ballbyball', name: 'Ball By Ball' },
  { gtype: 'worli', name: 'Worli Matka' },
  { gtype: '3cardj', name: '3 Card Judgement' },
  { gtype: 'kbc', name: 'KBC' },
  { gtype: 'lottcard', name: 'Lottery' },
  { gtype: 'superover', name: 'Super Over' },
];
export const ALL_GAMES = 'all';

export function outcomeOf({ result, voided }: Pick<BetView, 'result' | 'voided'>): CasinoBetOutcome {
  if (result === null) return 'Pending';
  if (voided) return 'Void';
  if (result > 0) return 'Win';
  if (result < 0) return 'Loss';
  return 'Push';
}

export function toRow(bet: BetView): CasinoBetRow {
  return {
    betId: bet.betId,
    game: bet.eventName,
    gType: bet.gType,
    selection: bet.sectionName,
    side: bet.betType,
    outcome: outcomeOf(bet),
    amount: bet.amount,
    total: bet.result,
    createdAt: bet.createdAt,
    roundId: bet.marketName,
  };
}

const newestFirst = (a: CasinoBetRow, b: CasinoBetRow) => b.createdAt.localeCompare(a.createdAt) || b.betId - a.betId;

/** Open casino bets as rows, newest first. */
export function unsettledRows(bets: readonly BetView[]): CasinoBetRow[] {
  return bets.filter((bet) => bet.casino && bet.result === null).map(toRow).sort(newestFirst);
}

/** The settled bets inside the statement rows, newest first. */
export function settledRows(rows: readonly SettlementRow[]): CasinoBetRow[] {
  return rows
    .flatMap((row) => row.bets)
    .filter((bet) => bet.casino && bet.result !== null)
    .map(toRow)
    .sort(newestFirst);
}

export type CasinoBetFilters = { date: string; game: string; search: string };

/** The date (the bet's local day, yyyy-MM-dd; empty = any), the game and a case-insensitive search. */
export function filterRows(rows: readonly CasinoBetRow[], filters: CasinoBetFilters): CasinoBetRow[] {
  const term = filters.search.trim().toLowerCase();
  return rows.filter((row) => {
    if (filters.date && formatQueryDate(new Date(row.createdAt)) !== filters.date) return false;
    if (filters.game !== ALL_GAMES && row.gType !== filters.game) return false;
    if (!term) return true;
    return [row.game, row.selection, row.outcome, row.roundId, String(row.betId), row.side]
      .some((text) => text.toLowerCase().includes(term));
  });
}
