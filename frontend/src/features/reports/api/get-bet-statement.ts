import type { SettlementRow } from '@/types';
import { apiData } from '@/lib/api-client';

export type BetStatementType = 'game' | 'casino';

/** GET /api/bet/account-statement?type=game|casino (encrypted): one row per settled market or round, newest first. */
export async function getBetStatement(type: BetStatementType): Promise<SettlementRow[]> {
  return (await apiData<SettlementRow[]>('/bet/account-statement', { query: { type }, encrypted: true })) ?? [];
}
