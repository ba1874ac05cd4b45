import type { Scoreboard } from '@/types';
import { apiData } from '@/lib/api-client';
import { DATA_BASE } from '@/lib/config';

/** GET /data/sport/{etid}/{gmid}: the scoreboard or null. */
export async function getScoreboard(etid: number, gmid: number): Promise<Scoreboard | null> {
  return (await apiData<Scoreboard | null>(`/sport/${etid}/${gmid}`, { base: DATA_BASE, skipAuth: true })) ?? null;
}
