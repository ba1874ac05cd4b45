import type { CancelMarketRequest, OrdersAnswer } from '@/types';
import { apiRequest } from '@/lib/api-client';

/** POST /api/exchange/cancel-all: every unmatched order of the caller on one market. */
export async function cancelMarketOrders(request: CancelMarketRequest) {
  return apiRequest<OrdersAnswer>('/exchange/cancel-all', { method: 'POST', body: request });
}
