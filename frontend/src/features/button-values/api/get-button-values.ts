import type { ButtonValues } from '@/types';
import { apiData } from '@/lib/api-client';

/** GET /userPerformance/{id}: encrypted response. */
export function getButtonValues(userId: string): Promise<ButtonValues | undefined> {
  return apiData<ButtonValues>(`/userPerformance/${encodeURIComponent(userId)}`, { encrypted: true });
}
