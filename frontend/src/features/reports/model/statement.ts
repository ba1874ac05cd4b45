// The account statement (spec §2, §3): settled markets and rounds (Sport / Casino Reports) and
// money moved by the operator or the wallet (Deposit/Withdraw Reports) as one kind of line, the
// date and search filters, and the rule for what a click on a line opens.
import type { AccountRow, CasinoResultDetail, SettlementRow } from '@/types';
import { formatDateTime, formatFixed } from '@/utils/format';
import { withinDays } from './dates';
import { matchesSearch } from './search';

export type ReportType = 'account' | 'game' | 'casino';

export const REPORT_TYPES: ReadonlyArray<{ value: ReportType; label: string }> = [
  { value: 'account', label: 'Deposit/Withdraw Reports' },
  { value: 'game', label: 'Sport Report' },
  { value: 'casino', label: 'Casino Reports' },
];

export const DEFAULT_REPORT_TYPE: ReportType = 'casino';

export type StatementLine = {
  key: string;
  createdAt: string;
  /** What came in (0 and up), or null when the line is a debit. */
  credit: number | null;
  /** What went out (negative), or null when the line is a credit. */
  debit: number | null;
  /** The balance after the line. */
  pts: number;
  remark: string;
  /** The settled market or round behind a Sport / Casino line; null for account lines. */
  settlement: SettlementRow | null;
};

function split(amount: number): Pick<StatementLine, 'credit' | 'debit'> {
  return amount < 0 ? { credit: null, debit: amount } : { credit: amount, debit: null };
}

/** A settled market or round: its summed profit is the credit (won) or the debit (lost). */
export function settlementLine(row: SettlementRow): StatementLine {
  return {
    key: `s${row.seq}-${row.marketId}`,
    createdAt: row.createdAt,
    ...split(row.totalProfit),
    pts: row.pts,
    remark: row.remarks || row.eventName,
    settlement: row,
  };
}

/** A settled market and, after it (so above it, newest first), the exchange's commission on its
 * net winnings when one was charged: its own line, as the account's own statement has it. */
export function settlementLines(row: SettlementRow): StatementLine[] {
  const settled = settlementLine(row);
  if (row.commission <= 0) return [settled];
  const commission: StatementLine = {
    key: `c${row.seq}-${row.marketId}`,
    createdAt: row.createdAt,
    ...split(-row.commission),
    pts: row.pts - row.commission,
    remark: `Commission on net winnings: ${settled.remark}`,
    settlement: null,
  };
  return [commission, settled];
}

/** Money moved by the operator or a wallet request: the amount is signed. */
export function accountLine(row: AccountRow): StatementLine {
  return { key: `a${row.seq}`, createdAt: row.createdAt, ...split(row.amount), pts: row.pts, remark: row.remarks, settlement: null };
}

export type StatementFilter = { from: Date; to: Date; search: string };

/** The texts a line is searched by: what its cells show. */
function lineTexts(line: StatementLine): string[] {
  return [
    formatDateTime(line.createdAt),
    line.credit === null ? '' : formatFixed(line.credit),
    line.debit === null ? '' : formatFixed(line.debit),
    formatFixed(line.pts),
    line.remark,
  ];
}

/** Lines on a day from `from` to `to` whose cells contain the search term (any case). */
export function filterLines(lines: ReadonlyArray<StatementLine>, { from, to, search }: StatementFilter): StatementLine[] {
  return lines.filter((line) => withinDays(line.createdAt, from, to) && matchesSearch(search, lineTexts(line)));
}

/**
 * What a click on a line does (spec §2): account lines and synthetic rows open nothing; a row
 * whose first bet is a live casino bet fetches its round first; any other row opens the modal
 * with its bets. Only the first bet decides.
 */
export type OpenPlan = { kind: 'none' } | { kind: 'bets'; row: SettlementRow } | { kind: 'round'; row: SettlementRow; gtype: string; mid: string };

export function openPlan(line: StatementLine): OpenPlan {
  const row = line.settlement;
  if (!row || row.isSynthetic) return { kind: 'none' };
  const first = row.bets[0];
  if (first?.casino) return { kind: 'round', row, gtype: first.gType, mid: row.marketName };
  return { kind: 'bets', row };
}

/** A fetched round opens the modal only when it carries a round id. */
export function hasRoundId(detail: CasinoResultDetail | null | undefined): detail is CasinoResultDetail {
  return Boolean(detail?.result?.mid);
}
