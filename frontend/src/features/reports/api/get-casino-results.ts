import type { CasinoResultRow } from '@/types';
import { apiData } from '@/lib/api-client';
import { DATA_BASE } from '@/lib/config';
import { formatQueryDate, utcOffsetMinutes } from '@/utils/format';

/** POST /data/front/casinoresults {dateFrom: yyyy-MM-dd, utcOffset, type: gtype} (base B, as the spec lists it): the rounds of one table on that day of the player's, newest first. */
export async function getCasinoResults(day: Date, type: string): Promise<CasinoResultRow[]> {
  const body = { dateFrom: formatQueryDate(day), utcOffset: utcOffsetMinutes(day), type };
  return (await apiData<CasinoResultRow[]>('/front/casinoresults', { method: 'POST', body, base: DATA_BASE, skipAuth: true })) ?? [];
}
