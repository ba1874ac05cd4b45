// The result modal's bet list (spec §2): the All / Back / Lay / Deleted filter, the totals of
// the rows shown, and what the bets tell about a sports market's winner.
import type { BetView, RoundResult } from '@/types';

export type BetFilter = 'all' | 'back' | 'lay' | 'deleted';

export const BET_FILTERS: ReadonlyArray<{ value: BetFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'back', label: 'Back' },
  { value: 'lay', label: 'Lay' },
  { value: 'deleted', label: 'Deleted' },
];

/**
 * A bet the house voided (stake returned): settled at exactly 0 where no outcome explains it.
 * Sports results (winner, runs, happened) always win or lose a bet, so a 0 there is a void.
 * A casino round can push an item (also 0): a bet counts as voided only when the round's result
 * does not name its item with a push, or when the round itself has no result.
 */
export function isVoided(bet: BetView, round: RoundResult | null = null): boolean {
  if (bet.result !== 0) return false;
  if (!bet.casino || !round) return true;
  const item = round.items.find((entry) => entry.sid === bet.sid);
  return item?.outcome.kind !== 'push';
}

export function filterBets(bets: ReadonlyArray<BetView>, filter: BetFilter, round: RoundResult | null = null): BetView[] {
  switch (filter) {
    case 'all':
      return [...bets];
    case 'back':
    case 'lay':
      return bets.filter((bet) => bet.betType === filter);
    case 'deleted':
      return bets.filter((bet) => isVoided(bet, round));
  }
}

export type BetTotals = { count: number; amount: number; profit: number };

/** Count, summed stakes and summed settled profit (open bets count 0) of the rows given. */
export function betTotals(bets: ReadonlyArray<BetView>): BetTotals {
  const cents = bets.reduce(
    (sum, bet) => ({ amount: sum.amount + Math.round(bet.amount * 100), profit: sum.profit + Math.round((bet.result ?? 0) * 100) }),
    { amount: 0, profit: 0 },
  );
  return { count: bets.length, amount: cents.amount / 100, profit: cents.profit / 100 };
}

const RUNNER_MARKETS: ReadonlySet<string> = new Set(['match', 'match1']);

/**
 * The winning runner of a match-odds or bookmaker market, as far as the player's own bets show
 * it: a back that won or a lay that lost was on the winner. Null when the bets cannot tell.
 */
export function sportsWinner(bets: ReadonlyArray<BetView>): string | null {
  for (const bet of bets) {
    if (!RUNNER_MARKETS.has(bet.gType) || bet.result === null || bet.result === 0) continue;
    const won = bet.betType === 'back' ? bet.result > 0 : bet.result < 0;
    if (won) return bet.sectionName;
  }
  return null;
}
