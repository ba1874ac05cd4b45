import type { Bonus } from '@/types';
import { apiData } from '@/lib/api-client';

/** GET /api/bonus: the user's coupons and bonus credits, newest first. */
export function getBonus(): Promise<Bonus | undefined> {
  return apiData<Bonus>('/bonus');
}
