import type { BetView } from '@/types';
import { apiData } from '@/lib/api-client';

/** GET /api/bet/current?type=casino: the user's open (un-settled) casino bets. */
export async function getOpenCasinoBets(): Promise<BetView[]> {
  return (await apiData<BetView[]>('/bet/current', { query: { type: 'casino' } })) ?? [];
}
