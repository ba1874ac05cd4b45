import type { BetView } from '@/types';
import { apiData } from '@/lib/api-client';

export type CurrentBetType = 'game' | 'casino';

/** GET /api/bet/current?type=game|casino: the user's open bets, newest first. */
export async function getCurrentBets(type: CurrentBetType): Promise<BetView[]> {
  return (await apiData<BetView[]>('/bet/current', { query: { type } })) ?? [];
}
