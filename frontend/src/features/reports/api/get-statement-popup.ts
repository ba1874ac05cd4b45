import type { SettlementRow } from '@/types';
import { apiData } from '@/lib/api-client';
import { DATA_BASE } from '@/lib/config';

/** POST /data/front/accstatepopup {marketId, seq}: a statement row of the caller, fresh from the ledger. */
export async function getStatementPopup(marketId: number, seq: number): Promise<SettlementRow | undefined> {
  return apiData<SettlementRow>('/front/accstatepopup', { method: 'POST', body: { marketId, seq }, base: DATA_BASE });
}
