import type { CasinoTiles, CasinoTile } from '@/types';
import { apiData } from '@/lib/api-client';
import { DATA_BASE } from '@/lib/config';

/** "Our Casino": every table (spec §9, the home grid's game id). */
export const OUR_CASINO_TYPE = 35;

/**
 * The tables of a casino type: `POST /api/front/casino/alllist {gmid, ismob: 1}` encrypted for a
 * signed-in user, `POST /data/front/casino/alllist` plain for visitors (same `t1`).
 */
export async function getCasinoTiles(typeId: number, signedIn: boolean): Promise<CasinoTile[]> {
  const body = { gmid: typeId, ismob: 1 };
  const data = signedIn
    ? await apiData<CasinoTiles>('/front/casino/alllist', { method: 'POST', body, encrypted: true })
    : await apiData<CasinoTiles>('/front/casino/alllist', { method: 'POST', body, base: DATA_BASE, skipAuth: true });
  return data?.t1 ?? [];
}
