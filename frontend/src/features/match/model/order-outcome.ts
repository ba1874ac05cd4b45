// What an exchange order got, in words for its toast: matched whole, partly matched (what matched
// at which average price, what waits in the book) or unmatched, from the server's `OrderOutcome`
// (POST /api/bet/place and /api/exchange/replace). The amounts are the server's, never recomputed.
import type { OrderOutcome } from '@/types';
import { formatFixed } from '@/utils/format';

/** Odds as the market cells show them: at most two decimals, no trailing zeros. */
export function formatPrice(price: number): string {
  return String(Math.round(price * 100) / 100);
}

/** Self-match prevention's part of an order, when it took any. */
function cancelledNote(order: OrderOutcome): string {
  return order.cancelled > 0 ? `; ${formatFixed(order.cancelled)} cancelled: it would have matched your own order` : '';
}

/** Whether an order matched all, part or none of what it did not cancel. */
export type MatchState = 'matched' | 'partly' | 'unmatched' | 'none';

export function matchState(order: OrderOutcome): MatchState {
  if (order.matched > 0) return order.unmatched > 0 ? 'partly' : 'matched';
  return order.unmatched > 0 ? 'unmatched' : 'none';
}

/** The toast of a placed order; `price` is the limit price it asked. */
export function placedOrderMessage(order: OrderOutcome, price: number): string {
  const matched = `${formatFixed(order.matched)} matched at ${formatPrice(order.avgPrice ?? price)}`;
  const waiting = `${formatFixed(order.unmatched)} unmatched, waiting in the book at ${formatPrice(price)}`;
  switch (matchState(order)) {
    case 'matched':
      return `Bet matched: ${matched}${cancelledNote(order)}`;
    case 'partly':
      return `Bet partly matched: ${matched}; ${waiting}${cancelledNote(order)}`;
    case 'unmatched':
      return `Bet unmatched: ${formatFixed(order.unmatched)} waiting in the book at ${formatPrice(price)}${cancelledNote(order)}`;
    default:
      return `Bet not placed: ${formatFixed(order.cancelled)} would have matched your own order`;
  }
}

/** The toast of an order moved to `price`: what the new order got, when the server says. */
export function movedOrderMessage(order: OrderOutcome | undefined, price: number): string {
  const moved = `Order moved to ${formatPrice(price)}`;
  if (!order) return moved;
  switch (matchState(order)) {
    case 'matched':
      return `${moved}: ${formatFixed(order.matched)} matched at ${formatPrice(order.avgPrice ?? price)}${cancelledNote(order)}`;
    case 'partly':
      return `${moved}: ${formatFixed(order.matched)} matched at ${formatPrice(order.avgPrice ?? price)}; ${formatFixed(order.unmatched)} unmatched${cancelledNote(order)}`;
    case 'unmatched':
      return `${moved}: ${formatFixed(order.unmatched)} unmatched, waiting in the book${cancelledNote(order)}`;
    default:
      return `${moved}: ${formatFixed(order.cancelled)} cancelled, it would have matched your own order`;
  }
}

/** A size to cancel of an order's unmatched part, as typed: more than 0, at most two decimals,
 * at most what is unmatched (the server's rule for `POST /api/exchange/cancel` with `size`). */
export function cancelSize(text: string, unmatched: number): { size: number } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'Enter the size to cancel' };
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return { error: 'An amount with at most two decimals' };
  const size = Number(trimmed);
  if (!(size > 0)) return { error: 'More than 0' };
  if (Math.round(size * 100) > Math.round(unmatched * 100)) return { error: `At most ${formatFixed(unmatched)}` };
  return { size };
}

/** The toast of a partial cancel: what went and what still waits (`rest`, the server's figure;
 * 0 when nothing of the order is left). */
export function partCancelledMessage(size: number, rest: number, price: number): string {
  const cancelled = `Cancelled ${formatFixed(size)}`;
  return rest > 0 ? `${cancelled}: ${formatFixed(rest)} still unmatched at ${formatPrice(price)}` : `${cancelled}: nothing of the order is left unmatched`;
}
