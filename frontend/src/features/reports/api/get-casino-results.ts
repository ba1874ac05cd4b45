import type { CasinoResultRow } from '@/types';
import { apiData } from '@/lib/api-client';
import { DATA_BASE } from '@/lib/config';

/** POST /data/front/casinoresults {dateFrom: yyyy-MM-dd, type: gtype} (base B, as the spec lists it): that day's rounds of one table, newest first. */
export async function getCasinoResults(dateFrom: string, type: string): Promise<CasinoResultRow[]> {
  return (await apiData<CasinoResultRow[]>('/front/casinoresults', { method: 'POST', body: { dateFrom, type }, base: DATA_BASE, skipAuth: true })) ?? [];
}
