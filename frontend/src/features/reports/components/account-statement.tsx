// Account Statement (spec §2): report type, from/to dates, page size, search; table Date, Sr no,
// Credit, Debit, Pts, Remark. Submit fetches the chosen report and applies the dates; search
// and page size apply as they change. A click on a Sport or Casino line opens its result.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Box, Button, MenuItem, TextField } from '@mui/material';
import { DataTable, TablePager, type DataColumn } from '@/components/data-table';
import { DateField } from '@/components/date-field';
import { DEFAULT_PAGE_SIZE, pageCount, pageSlice, PageSizeSelect } from '@/components/pagination';
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
  settlementLine,
  type ReportType,
  type StatementLine,
} from '../model/statement';
import { useResultModal } from '../hooks/use-result-modal';
import { amountColour, FilterBar, ReportCard } from './report-card';
import { ResultModal } from './result-modal';

/** The statement opens on the last week (today and the 7 days before it). */
export const STATEMENT_DEFAULT_DAYS = 7;

async function fetchLines(type: ReportType, userId: string): Promise<StatementLine[]> {
  if (type === 'account') return (await getAccountStatement(userId)).map(accountLine);
  return (await getBetStatement(type)).map(settlementLine);
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
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const modal = useResultModal();

  const load = useCallback(
    async (next: ReportType) => {
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
    if (userId) void load(applied.type);
  }, [load, applied, userId]);

  const shown = useMemo(() => filterLines(lines, { from: applied.from, to: applied.to, search }), [lines, applied, search]);
  const totalPages = pageCount(shown.length, pageSize);
  const current = Math.min(page, totalPages);

  const submit = () => {
    setApplied({ type, from, to });
    setPage(1);
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
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1.25, mb: 1.5 }}>
        <PageSizeSelect
          value={pageSize}
          onChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
        <TextField
          size="small"
          label="Search"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          slotProps={{ htmlInput: { 'aria-label': 'Search' } }}
        />
      </Box>
      <DataTable
        label="Account Statement"
        columns={columns((current - 1) * pageSize)}
        rows={pageSlice(shown, current, pageSize)}
        rowKey={(line) => line.key}
        loading={loading || modal.busy}
        emptyText="No data available"
        onRowClick={modal.openLine}
        rowSx={(line) => ({ cursor: openPlan(line).kind === 'none' ? 'default' : 'pointer' })}
        rowProps={(line) => ({ 'data-testid': 'statement-row', 'data-opens': openPlan(line).kind })}
      />
      <TablePager page={current} pageSize={pageSize} total={shown.length} totalPages={totalPages} onPageChange={setPage} />
      {modal.data && <ResultModal key={modal.data.roundId} data={modal.data} onClose={modal.close} />}
    </ReportCard>
  );
}
