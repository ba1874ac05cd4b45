// The result modal's bet list (spec §2): the All / Back / Lay / Deleted filter, the totals of
// the rows shown, and what the bets tell about a sports market's winner.
import type { BetView } from '@/types';
import { sumAmounts } from '@/utils/amount';

export type BetFilter = 'all' | 'back' | 'lay' | 'deleted';

export const BET_FILTERS: ReadonlyArray<{ value: BetFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'back', label: 'Back' },
  { value: 'lay', label: 'Lay' },
  { value: 'deleted', label: 'Deleted' },
];

export function filterBets(bets: ReadonlyArray<BetView>, filter: BetFilter): BetView[] {
  switch (filter) {
    case 'all':
      return [...bets];
    case 'back':
    case 'lay':
      return bets.filter((bet) => bet.betType === filter);
    case 'deleted':
      // Bets of a void market or round: the server marks them, their stakes came back.
      return bets.filter((bet) => bet.voided);
  }
}

export type BetTotals = { count: number; amount: number; profit: number };

/** Count, summed stakes and summed settled profit (open bets count 0) of the rows given. */
export function betTotals(bets: ReadonlyArray<BetView>): BetTotals {
  return { count: bets.length, amount: sumAmounts(bets.map((bet) => bet.amount)), profit: sumAmounts(bets.map((bet) => bet.result ?? 0)) };
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

/** KBC's questions, in the order a pick answers them (`feed-sim/src/casino/kbc.rs`). */
const KBC_QUESTIONS = ['Red or Black', 'Odd or Even', '7 Up or 7 Down', '3 Card Judgement', 'Suit'];
const KBC_MODES = ['5 Cards', '4 Cards Quit', '50-50 Quit'];

/**
 * A KBC bet's name ("5 Cards Red, Odd, 7 Up, A23, Spades") as its mode and one question and
 * answer pair per answer (spec: the result modal expands KBC rows); null for any other name.
 */
export function kbcAnswers(sectionName: string): { mode: string; pairs: Array<[string, string]> } | null {
  const mode = KBC_MODES.find((name) => sectionName.startsWith(`${name} `));
  if (!mode) return null;
  const answers = sectionName.slice(mode.length + 1).split(', ');
  if (answers.length > KBC_QUESTIONS.length) return null;
  return { mode, pairs: answers.map((answer, index) => [KBC_QUESTIONS[index] ?? '', answer]) };
}
