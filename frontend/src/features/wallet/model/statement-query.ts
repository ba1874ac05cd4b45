// The deposit and withdraw statements' server query (GET /api/wallet/requests).
import { subDays } from 'date-fns';

export type StatementKind = 'deposit' | 'withdraw';
export const STATUS_OPTIONS = ['All', 'Pending', 'In-Process', 'Approved', 'Rejected'] as const;
export type StatusFilter = (typeof STATUS_OPTIONS)[number];
/** The default range: the last 7 days through today. */
export const DEFAULT_RANGE_DAYS = 7;
export const SEARCH_LENGTH_MAX = 100;

export type StatementFilters = {
  kind: StatementKind;
  fromDate: string;
  toDate: string;
  /** The browser's minutes east of UTC, so the dates are the player's days. */
  utcOffset?: number;
  status: StatusFilter;
  search: string;
  page: number;
  limit: number;
};

export type StatementQuery = {
  kind: StatementKind;
  page: number;
  limit: number;
  fromDate?: string;
  toDate?: string;
  utcOffset?: number;
  status?: string;
  search?: string;
};

/** Only what narrows the list goes on the wire; a to-date before the from-date is swapped. */
export function buildStatementQuery(filters: StatementFilters): StatementQuery {
  const query: StatementQuery = { kind: filters.kind, page: Math.max(1, filters.page), limit: filters.limit };
  let { fromDate, toDate } = filters;
  if (fromDate && toDate && toDate < fromDate) [fromDate, toDate] = [toDate, fromDate];
  if (fromDate) query.fromDate = fromDate;
  if (toDate) query.toDate = toDate;
  if ((fromDate || toDate) && filters.utcOffset !== undefined) query.utcOffset = filters.utcOffset;
  if (filters.status !== 'All') query.status = filters.status;
  const search = filters.search.trim().slice(0, SEARCH_LENGTH_MAX);
  if (search) query.search = search;
  return query;
}

/** The date pickers' default range: the last 7 days through today (the player's days). */
export function defaultRange(now: Date): { from: Date; to: Date } {
  return { from: subDays(now, DEFAULT_RANGE_DAYS - 1), to: now };
}
