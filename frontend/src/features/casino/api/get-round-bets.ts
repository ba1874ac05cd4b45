import type { BetView } from '@/types';
import { apiData } from '@/lib/api-client';

/** `GET /api/bet?marketId=&gType=`: the caller's bets on one round, open and settled. */
export async function getRoundBets(mid: string, gtype: string): Promise<BetView[] | undefined> {
  const data = await apiData<{ bets: BetView[] }>('/bet', { query: { marketId: mid, gType: gtype } });
  return data?.bets;
}
