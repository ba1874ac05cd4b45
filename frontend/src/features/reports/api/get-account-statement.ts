import type { AccountRow } from '@/types';
import { apiData } from '@/lib/api-client';

/** GET /api/transaction/user/statement/{userId} (encrypted): money moved in and out, newest first. */
export async function getAccountStatement(userId: string): Promise<AccountRow[]> {
  return (await apiData<AccountRow[]>(`/transaction/user/statement/${encodeURIComponent(userId)}`, { encrypted: true })) ?? [];
}
