import type { CasinoRound } from '@/types';
import { apiData } from '@/lib/api-client';
import { DATA_BASE } from '@/lib/config';

/** `POST /data/front/casino/data2?gType=&j=1` (plain): the table's current round. */
export function getRound(gtype: string): Promise<CasinoRound | undefined> {
  return apiData<CasinoRound>('/front/casino/data2', { method: 'POST', base: DATA_BASE, query: { gType: gtype, j: 1 }, body: {}, skipAuth: true });
}
