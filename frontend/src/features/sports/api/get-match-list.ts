import type { Fixture } from '@/types';
import { apiData } from '@/lib/api-client';
import { DATA_BASE } from '@/lib/config';

/** POST /data/front/highlightproduct {etid, type: 'all'}: the home table of one sport. */
export async function getMatchList(etid: number): Promise<Fixture[]> {
  const data = await apiData<Fixture[]>('/front/highlightproduct', { method: 'POST', base: DATA_BASE, body: { etid, type: 'all' }, skipAuth: true });
  return [...(data ?? [])].sort((a, b) => a.stime.localeCompare(b.stime));
}
