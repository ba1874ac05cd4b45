import { subDays } from 'date-fns';
import type { SettlementRow } from '@/types';
import { apiAllPages } from '@/lib/api-client';
import { STATEMENT_PAGE_ROWS, STATEMENT_PAGES_MAX } from '@/lib/config';
import { dayRangeQuery } from '@/utils/format';

/**
 * GET /api/bet/account-statement?type=casino (encrypted): the rounds settled on `day` and the day
 * before (a bet placed just before midnight settles after it), with their bets, newest first.
 */
export async function getCasinoStatement(day: Date): Promise<SettlementRow[]> {
  const query = { type: 'casino', ...dayRangeQuery(subDays(day, 1), day) };
  return apiAllPages<SettlementRow>('/bet/account-statement', { query, encrypted: true }, STATEMENT_PAGE_ROWS, STATEMENT_PAGES_MAX);
}
