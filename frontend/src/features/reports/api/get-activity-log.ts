import type { ActivityRow } from '@/types';
import { apiRequest } from '@/lib/api-client';

export type ActivityType = '' | 'Login' | 'Change Password';

export type ActivityQuery = {
  search: string;
  type: ActivityType;
  /** yyyy-MM-dd, inclusive. */
  fromDate: string;
  toDate: string;
  /** The browser's minutes east of UTC: the days are the player's. */
  utcOffset: number;
  page: number;
  limit: number;
};

export type ActivityPage = { rows: ActivityRow[]; total: number };

/** GET /api/userLog: one server-side page of the activity log and the total it pages over. */
export async function getActivityLog(query: ActivityQuery): Promise<ActivityPage> {
  const envelope = await apiRequest<ActivityRow[]>('/userLog', { query });
  return { rows: envelope?.data ?? [], total: envelope?.total ?? 0 };
}
