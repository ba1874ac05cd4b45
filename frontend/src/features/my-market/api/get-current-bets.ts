import type { BetView } from '@/types';
import { apiData } from '@/lib/api-client';

/** GET /api/bet/current?type=game|casino: open bets, newest first. */
export async function getCurrentBets(type: 'game' | 'casino'): Promise<BetView[]> {
  return (await apiData<BetView[]>('/bet/current', { query: { type } })) ?? [];
}
