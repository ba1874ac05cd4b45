// What the player's bets of a round came to, once every one of them is settled: the summed
// profit or loss the table tells the player ("You won 98.00").
import type { BetView } from '@/types';
import { formatFixed } from '@/utils/format';

export type RoundOutcome = { kind: 'won' | 'lost' | 'even'; amount: number; text: string };

/** Null while no bet is placed or any is still open. */
export function roundOutcome(bets: ReadonlyArray<BetView>): RoundOutcome | null {
  if (bets.length === 0 || bets.some((bet) => bet.result === null)) return null;
  const amount = Math.round(bets.reduce((sum, bet) => sum + (bet.result ?? 0), 0) * 100) / 100;
  if (amount > 0) return { kind: 'won', amount, text: `You won ${formatFixed(amount)}` };
  if (amount < 0) return { kind: 'lost', amount, text: `You lost ${formatFixed(-amount)}` };
  return { kind: 'even', amount: 0, text: 'Your stakes were returned' };
}
