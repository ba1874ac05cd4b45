import type { CasinoTile, CasinoTiles } from '@/types';
import { apiData } from '@/lib/api-client';
import { DATA_BASE } from '@/lib/config';

/** The "Our Casino" type id: every table. */
export const ALL_TABLES_TYPE_ID = 35;

/** POST /data/front/casino/alllist {gmid: 35, ismob: 1}: every casino table (tile `gmid` = gtype). */
export async function getCasinoTables(): Promise<CasinoTile[]> {
  const tiles = await apiData<CasinoTiles>('/front/casino/alllist', {
    method: 'POST',
    base: DATA_BASE,
    body: { gmid: ALL_TABLES_TYPE_ID, ismob: 1 },
    skipAuth: true,
  });
  return tiles?.t1 ?? [];
}
