import { useMemo, useState, type FormEvent } from 'react';
import { Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { DataTable, TablePager, type DataColumn } from '@/components/data-table';
import { DateField } from '@/components/date-field';
import { DEFAULT_PAGE_SIZE, PageSizeSelect, pageCount } from '@/components/pagination';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { WalletRequest } from '@/types';
import { formatDateTime, formatFixed, formatQueryDate, utcOffsetMinutes } from '@/utils/format';
import { useWalletRequests } from '../hooks/use-wallet-requests';
import {
  STATUS_OPTIONS,
  buildStatementQuery,
  defaultRange,
  type StatementKind,
  type StatusFilter,
} from '../model/statement-query';
import { StatusChip } from './status-chip';

export const SEARCH_DEBOUNCE_MS = 500;

const TEXT: Record<StatementKind, { name: string; placeholder: string }> = {
  deposit: { name: 'Deposit Name', placeholder: 'Search deposits...' },
  withdraw: { name: 'Withdraw Name', placeholder: 'Search withdrawals...' },
};

function columns(kind: StatementKind): DataColumn<WalletRequest>[] {
  return [
    { id: 'name', header: TEXT[kind].name, nowrap: true, render: (row) => row.name },
    { id: 'amount', header: 'Amount', align: 'right', nowrap: true, render: (row) => `₹${formatFixed(row.amount)}` },
    { id: 'status', header: 'Status', render: (row) => <StatusChip status={row.status} /> },
    { id: 'date', header: 'Date', nowrap: true, render: (row) => formatDateTime(row.createdAt) },
    { id: 'remark', header: 'Remark', render: (row) => row.remark || '-' },
  ];
}

/**
 * The Deposit or Withdraw Statement: the user's real requests, server-side pages and filters.
 * From/To apply on Submit; status, page size and the (debounced) search apply at once.
 */
export function WalletStatement({ kind }: { kind: StatementKind }) {
  const [initialRange] = useState(() => defaultRange(new Date()));
  const [draftRange, setDraftRange] = useState(initialRange);
  const [range, setRange] = useState(initialRange);
  const [status, setStatus] = useState<StatusFilter>('All');
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const [searchedFor, setSearchedFor] = useState(search);
  // A new search term starts again at page 1 (adjusting state while rendering, not in an effect).
  if (searchedFor !== search) {
    setSearchedFor(search);
    setPage(1);
  }

  const query = useMemo(
    () =>
      buildStatementQuery({
        kind,
        fromDate: formatQueryDate(range.from),
        toDate: formatQueryDate(range.to),
        utcOffset: utcOffsetMinutes(range.to),
        status,
        search,
        page,
        limit,
      }),
    [kind, range, status, search, page, limit],
  );
  const { rows, total, loading, failed } = useWalletRequests(query);
  const totalPages = pageCount(total, limit);
  const text = TEXT[kind];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRange(draftRange);
    setPage(1);
  };

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box
        component="form"
        onSubmit={submit}
        aria-label="Statement filters"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}
      >
        <DateField label="From" value={draftRange.from} max={draftRange.to} onChange={(from) => setDraftRange((current) => ({ ...current, from }))} />
        <DateField label="To" value={draftRange.to} min={draftRange.from} onChange={(to) => setDraftRange((current) => ({ ...current, to }))} />
        <Button type="submit" variant="contained">
          Submit
        </Button>
        <TextField
          select
          label="Status"
          size="small"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as StatusFilter);
            setPage(1);
          }}
          sx={{ minWidth: 140 }}
        >
          {STATUS_OPTIONS.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <PageSizeSelect
          value={limit}
          onChange={(size) => {
            setLimit(size);
            setPage(1);
          }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography component="label" htmlFor={`${kind}-search`} variant="body2">
            Search:
          </Typography>
          <TextField
            id={`${kind}-search`}
            size="small"
            placeholder={text.placeholder}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </Box>
      </Box>
      <DataTable
        label={`${kind === 'deposit' ? 'Deposit' : 'Withdraw'} statement`}
        columns={columns(kind)}
        rows={rows}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-request-id': String(row.id) })}
        loading={loading}
        emptyText={failed ? 'No record found!' : 'No results found'}
      />
      <TablePager page={Math.min(page, totalPages)} pageSize={limit} total={total} totalPages={totalPages} onPageChange={setPage} />
    </Paper>
  );
}
