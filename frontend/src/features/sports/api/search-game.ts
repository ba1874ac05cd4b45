import { apiData } from '@/lib/api-client';
import { DATA_BASE } from '@/lib/config';

export type SearchMatch = { etype: string; etid: number; gmid: number; ename: string; stime: string; iscc?: number };

/** POST /data/front/searchgame {name}. */
export async function searchGame(name: string): Promise<SearchMatch[]> {
  return (await apiData<SearchMatch[]>('/front/searchgame', { method: 'POST', base: DATA_BASE, body: { name } })) ?? [];
}
