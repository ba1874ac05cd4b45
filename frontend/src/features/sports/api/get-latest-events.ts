import { apiData } from '@/lib/api-client';

export type LatestEvent = { name: string; id: number; sportId: number };

/** POST /api/front/get_latest_events: encrypted both ways, in-play first. */
export async function getLatestEvents(): Promise<LatestEvent[]> {
  return (await apiData<LatestEvent[]>('/front/get_latest_events', { method: 'POST', body: {}, encrypted: true, skipAuth: true })) ?? [];
}
