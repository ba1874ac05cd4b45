import type { OpenMarket } from '@/types';
import { apiData } from '@/lib/api-client';

/** POST /api/bet/all: every market and casino round with open bets, each with its exposure. */
export async function getOpenMarkets(): Promise<OpenMarket[]> {
  return (await apiData<OpenMarket[]>('/bet/all', { method: 'POST', body: {} })) ?? [];
}
