import type { CasinoResultRow } from '@/types';
import { apiData } from '@/lib/api-client';

/** POST /api/front/casinoresults {dateFrom: yyyy-MM-dd, type: gtype}: that day's rounds of one table, newest first. */
export async function getCasinoResults(dateFrom: string, type: string): Promise<CasinoResultRow[]> {
  return (await apiData<CasinoResultRow[]>('/front/casinoresults', { method: 'POST', body: { dateFrom, type } })) ?? [];
}
