import type { CashOutAnswer, CashOutQuote, CashOutRequest } from '@/types';
import { apiRequest } from '@/lib/api-client';

/** GET /api/exchange/cash-out/{gameId}/{marketId}: what cashing out all of the caller's matched
 * position in a market would do at the book's prices now. */
export async function getCashOutQuote(gameId: number, marketId: number) {
  return apiRequest<CashOutQuote>(`/exchange/cash-out/${gameId}/${marketId}`);
}

/** POST /api/exchange/cash-out: the hedge as fill-or-kill orders, refused (409) if the book now
 * gives less than `value`, the value the player was shown. */
export async function cashOut(request: CashOutRequest) {
  return apiRequest<CashOutAnswer>('/exchange/cash-out', { method: 'POST', body: request });
}
