import type { SettlementRow } from '@/types';
import { apiAllPages } from '@/lib/api-client';
import { STATEMENT_PAGE_ROWS, STATEMENT_PAGES_MAX } from '@/lib/config';
import { dayRangeQuery } from '@/utils/format';

export type BetStatementType = 'game' | 'casino';

/**
 * GET /api/bet/account-statement?type=game|casino&fromDate&toDate&utcOffset (encrypted): every
 * row settled on those days (the player's own), newest first, fetched a page of 500 at a time.
 */
export async function getBetStatement(type: BetStatementType, from: Date, to: Date): Promise<SettlementRow[]> {
  const query = { type, ...dayRangeQuery(from, to) };
  return apiAllPages<SettlementRow>('/bet/account-statement', { query, encrypted: true }, STATEMENT_PAGE_ROWS, STATEMENT_PAGES_MAX);
}
