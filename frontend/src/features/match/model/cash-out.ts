// When a market offers a cash out: the player holds matched bets there whose P/L is not already
// the same whichever runner wins.
import type { SectionBook } from '@/types';

/** Whether the player's books on a market (P/L per runner) have anything to cash out. */
export function hasPosition(books: Record<number, SectionBook> | undefined): boolean {
  const amounts = Object.values(books ?? {}).map((book) => book.amount);
  return amounts.length > 1 && amounts.some((amount) => amount !== amounts[0]);
}

/** The shares a player can cash out, in percent of the position. */
export const CASH_OUT_SHARES = [100, 75, 50, 25] as const;
