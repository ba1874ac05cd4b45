import type { OrdersAnswer, ReplaceOrderRequest } from '@/types';
import { apiRequest } from '@/lib/api-client';

/** POST /api/exchange/replace: an order's unmatched part moves to another ladder price (a new
 * order, which may match at once: `order` says what it got). */
export async function replaceOrder(request: ReplaceOrderRequest) {
  return apiRequest<OrdersAnswer>('/exchange/replace', { method: 'POST', body: request });
}
