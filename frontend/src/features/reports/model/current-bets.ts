// Current Bets (spec §2): the Back / Lay / All filter with the search box, and the totals.
import type { BetView } from '@/types';
import { sumAmounts } from '@/utils/amount';
import { formatDateTime, formatFixed } from '@/utils/format';
import { matchesSearch } from './search';

export type SideFilter = 'all' | 'back' | 'lay';

const SPORT_NAMES: Record<number, string> = { 4: 'Cricket', 2: 'Tennis', 1: 'Football', 8: 'Table Tennis', 7: 'Horse Racing', 4339: 'Greyhound Racing' };

/** The Sports column: the sport's name, or Casino for a live casino bet. */
export function sportName(bet: BetView): string {
  if (bet.casino) return 'Casino';
  return SPORT_NAMES[bet.etid] ?? String(bet.etid);
}

/** The Event Name column: a casino bet shows its game type (spec §2). */
export function eventLabel(bet: BetView): string {
  return bet.casino ? bet.gType : bet.eventName;
}

function betTexts(bet: BetView): string[] {
  return [sportName(bet), eventLabel(bet), bet.eventName, bet.marketName, bet.sectionName, String(bet.uRate), formatFixed(bet.amount), formatDateTime(bet.createdAt), bet.betType];
}

export function filterCurrentBets(bets: ReadonlyArray<BetView>, side: SideFilter, search: string): BetView[] {
  return bets.filter((bet) => (side === 'all' || bet.betType === side) && matchesSearch(search, betTexts(bet)));
}

/** Count and summed stakes of the rows given. */
export function currentTotals(bets: ReadonlyArray<BetView>): { count: number; amount: number } {
  return { count: bets.length, amount: sumAmounts(bets.map((bet) => bet.amount)) };
}
