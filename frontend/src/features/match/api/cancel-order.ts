import type { CancelOrderRequest, OrdersAnswer } from '@/types';
import { apiRequest } from '@/lib/api-client';

/** POST /api/exchange/cancel: an order's unmatched part (or `size` of it); the envelope's data is
 * the caller's orders after it, with the header's figures. */
export async function cancelOrder(request: CancelOrderRequest) {
  return apiRequest<OrdersAnswer>('/exchange/cancel', { method: 'POST', body: request });
}
