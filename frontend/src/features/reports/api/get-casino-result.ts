import type { CasinoResultDetail } from '@/types';
import { apiData } from '@/lib/api-client';

/** POST /api/front/casino/result {gtype, mid}: the round's cards and outcome, and the caller's bets on it. */
export async function getCasinoResult(gtype: string, mid: string): Promise<CasinoResultDetail | undefined> {
  return apiData<CasinoResultDetail>('/front/casino/result', { method: 'POST', body: { gtype, mid } });
}
