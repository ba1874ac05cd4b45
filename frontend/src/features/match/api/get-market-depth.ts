import type { MarketDepth } from '@/types';
import { apiData } from '@/lib/api-client';

/** GET /api/exchange/depth/{gameId}/{marketId} (public): every price with unmatched money, per
 * runner, for the ladder view. */
export async function getMarketDepth(gameId: number, marketId: number): Promise<MarketDepth | undefined> {
  return apiData<MarketDepth>(`/exchange/depth/${gameId}/${marketId}`, { skipAuth: true });
}
