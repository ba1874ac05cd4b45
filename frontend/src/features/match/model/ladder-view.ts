// The ladder view of one runner of an exchange market: every ladder price around its best prices,
// the money a player can back and lay at each (the market's depth), and the player's own unmatched
// orders at each. Pure, from the server's depth and orders.
import type { OrderView, RunnerDepth, Side } from '@/types';
import { ladderWindow, PRICE_START, shiftPrice, toHundredths } from './ladder';

/** Ladder prices shown above the best lay and below the best back. */
export const LADDER_VIEW_TICKS = 10;

export type LadderRow = {
  price: number;
  /** What a player can back at this price (others' resting lays), 0 for none. */
  back: number;
  /** What a player can lay at this price (others' resting backs), 0 for none. */
  lay: number;
  /** The player's own unmatched back and lay orders at this price. */
  myBack: number;
  myLay: number;
  /** The best price to back, or to lay, is this one. */
  bestBack: boolean;
  bestLay: boolean;
};

/** The runner's best prices: the highest it can be backed at and the lowest it can be laid at. */
export function bestPrices(runner: RunnerDepth | undefined): { back: number | null; lay: number | null } {
  return { back: runner?.back[0]?.price ?? null, lay: runner?.lay[0]?.price ?? null };
}

/**
 * Where the window sits: between the best back and lay prices when the book has them (one of them
 * when it has one), else around `fallback` (the slip's price on this runner), else evens.
 */
export function ladderCentre(runner: RunnerDepth | undefined, fallback?: number): { low: number; high: number } {
  const { back, lay } = bestPrices(runner);
  const low = back ?? lay ?? (fallback && fallback > 0 ? fallback : PRICE_START);
  const high = lay ?? back ?? low;
  return { low: Math.min(low, high), high: Math.max(low, high) };
}

function sizesByPrice(levels: ReadonlyArray<{ price: number; size: number }>): Map<number, number> {
  const sizes = new Map<number, number>();
  for (const level of levels) sizes.set(toHundredths(level.price), (sizes.get(toHundredths(level.price)) ?? 0) + level.size);
  return sizes;
}

function mine(orders: ReadonlyArray<OrderView>, side: Side): Map<number, number> {
  return sizesByPrice(orders.filter((order) => order.betType === side).map((order) => ({ price: order.uRate, size: order.unmatched })));
}

/**
 * The rows of one runner's ladder, highest price first: `LADDER_VIEW_TICKS` prices beyond its best
 * prices each way and every price between, the window moved `shift` ladder steps (positive: up).
 * `orders` are the player's unmatched orders on this runner.
 */
export function ladderRows(runner: RunnerDepth | undefined, orders: ReadonlyArray<OrderView>, shift = 0, fallback?: number): LadderRow[] {
  const { low, high } = ladderCentre(runner, fallback);
  const prices = ladderWindow(shiftPrice(low, shift), shiftPrice(high, shift), LADDER_VIEW_TICKS);
  const back = sizesByPrice(runner?.back ?? []);
  const lay = sizesByPrice(runner?.lay ?? []);
  const myBack = mine(orders, 'back');
  const myLay = mine(orders, 'lay');
  const best = bestPrices(runner);
  return prices.map((price) => {
    const key = toHundredths(price);
    return {
      price,
      back: back.get(key) ?? 0,
      lay: lay.get(key) ?? 0,
      myBack: myBack.get(key) ?? 0,
      myLay: myLay.get(key) ?? 0,
      bestBack: best.back !== null && toHundredths(best.back) === key,
      bestLay: best.lay !== null && toHundredths(best.lay) === key,
    };
  });
}
