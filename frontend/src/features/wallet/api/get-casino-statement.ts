import type { SettlementRow } from '@/types';
import { apiData } from '@/lib/api-client';

/** GET /api/bet/account-statement?type=casino (encrypted): one row per settled round, with its bets. */
export async function getCasinoStatement(): Promise<SettlementRow[]> {
  return (await apiData<SettlementRow[]>('/bet/account-statement', { query: { type: 'casino' }, encrypted: true })) ?? [];
}
