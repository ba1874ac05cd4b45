// Account Statement (spec §2): report type, from/to dates, page size, search; table Date, Sr no,
// Credit, Debit, Pts, Remark. Submit fetches the chosen report for the dates (the server picks
// the days' rows, every page of them); search and page size apply as they change. A click on a Sport or Casino line opens its result.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { DataTable, TablePager, type DataColumn } from '@/components/data-table';
import { DateField } from '@/components/date-field';
import { PageSizeSelect } from '@/components/pagination';
import type { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { selectUser, useSession } from '@/lib/session';
import { formatDateTime, formatFixed } from '@/utils/format';
import { getAccountStatement } from '../api/get-account-statement';
import { getBetStatement } from '../api/get-bet-statement';
import { daysBefore, startOfDay } from '../model/dates';
import {
  accountLine,
  DEFAULT_REPORT_TYPE,
  filterLines,
  openPlan,
  REPORT_TYPES,
  settlementLines,
  type ReportType,
  type StatementLine,
} from '../model/statement';
import { pageOf, usePaging } from '../hooks/use-paging';
import { useResultModal } from '../hooks/use-result-modal';
import { amountColour, FilterBar, ReportCard, SearchField, TableToolbar } from './report-card';
import { ResultModal } from './result-modal';

/** The statement opens on the last week (today and the 7 days before it). */
export const STATEMENT_DEFAULT_DAYS = 7;

/** The report's lines of those days: sports and casino rows asked of the server by day. */
async function fetchLines({ type, from, to }: Applied, userId: string): Promise<StatementLine[]> {
  if (type === 'account') return (await getAccountStatement(userId)).map(accountLine);
  return (await getBetStatement(type, from, to)).flatMap(settlementLines);
}

type Applied = { type: ReportType; from: Date; to: Date };

function columns(offset: number): DataColumn<StatementLine>[] {
  const amount = (value: number | null) => (
    <Box component="span" sx={{ color: value === null ? undefined : amountColour(value), fontWeight: 600 }}>
      {value === null ? '' : formatFixed(value)}
    </Box>
  );
  return [
    { id: 'date', header: 'Date', nowrap: true, render: (line) => formatDateTime(line.createdAt) },
    { id: 'sr', header: 'Sr no', align: 'right', render: (_line, index) => offset + index + 1 },
    { id: 'credit', header: 'Credit', align: 'right', render: (line) => amount(line.credit) },
    { id: 'debit', header: 'Debit', align: 'right', render: (line) => amount(line.debit) },
    { id: 'pts', header: 'Pts', align: 'right', render: (line) => formatFixed(line.pts) },
    { id: 'remark', header: 'Remark', nowrap: true, render: (line) => line.remark },
  ];
}

export function AccountStatement() {
  const userId = useSession(selectUser)?._id ?? '';
  const [today] = useState(() => startOfDay(new Date()));
  const [type, setType] = useState<ReportType>(DEFAULT_REPORT_TYPE);
  const [from, setFrom] = useState(() => daysBefore(today, STATEMENT_DEFAULT_DAYS));
  const [to, setTo] = useState(today);
  const [applied, setApplied] = useState<Applied>({ type: DEFAULT_REPORT_TYPE, from, to });
  const [lines, setLines] = useState<StatementLine[]>([]);
  const [loading, setLoading] = useState(false);
  const [search, setSearch] = useState('');
  const paging = usePaging();
  const modal = useResultModal();

  const load = useCallback(
    async (next: Applied) => {
      setLoading(true);
      try {
        setLines(await fetchLines(next, userId));
      } catch (error) {
        setLines([]);
        notify.error((error as ApiError).message);
      } finally {
        setLoading(false);
      }
    },
    [userId],
  );

  useEffect(() => {
    if (userId) void load(applied);
  }, [load, applied, userId]);

  const shown = useMemo(() => filterLines(lines, { from: applied.from, to: applied.to, search }), [lines, applied, search]);
  const visible = pageOf(shown, paging);

  const submit = () => {
    setApplied({ type, from, to });
    paging.toFirstPage();
  };

  return (
    <ReportCard title="Account Statement">
      <FilterBar label="Statement filters" onSubmit={submit}>
        <TextField select size="small" label="Report type" value={type} onChange={(event) => setType(event.target.value as ReportType)} sx={{ minWidth: 210 }}>
          {REPORT_TYPES.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <DateField label="From" value={from} onChange={setFrom} max={to} />
        <DateField label="To" value={to} onChange={setTo} min={from} />
        <Button type="submit" variant="contained" sx={{ height: 40 }}>
          Submit
        </Button>
      </FilterBar>
      <TableToolbar>
        <PageSizeSelect value={paging.pageSize} onChange={paging.setPageSize} />
        <SearchField
          value={search}
          onChange={(value) => {
            setSearch(value);
            paging.toFirstPage();
          }}
        />
      </TableToolbar>
      <DataTable
        label="Account Statement"
        columns={columns(visible.offset)}
        rows={visible.rows}
        rowKey={(line) => line.key}
        loading={loading || modal.busy}
        emptyText="No data available"
        onRowClick={modal.openLine}
        rowSx={(line) => ({ cursor: openPlan(line).kind === 'none' ? 'default' : 'pointer' })}
        rowProps={(line) => ({ 'data-testid': 'statement-row', 'data-opens': openPlan(line).kind })}
      />
      <TablePager {...visible.pager} />
      {modal.data && <ResultModal key={modal.data.roundId} data={modal.data} onClose={modal.close} />}
    </ReportCard>
  );
}
