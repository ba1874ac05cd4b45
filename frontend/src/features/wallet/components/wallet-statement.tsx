import { useMemo, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { DateField } from '@/components/date-field';
import { DEFAULT_PAGE_SIZE, PageSizeSelect, Pagination, pageCount, showingText } from '@/components/pagination';
import { formatDateTime, formatFixed, formatQueryDate } from '@/utils/format';
import { useDebouncedValue } from '../hooks/use-debounced-value';
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

const COLUMNS = ['Amount', 'Status', 'Date', 'Remark'] as const;

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
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Loading" />}</Box>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={`${kind === 'deposit' ? 'Deposit' : 'Withdraw'} statement`}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{text.name}</TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column} align={column === 'Amount' ? 'right' : 'left'}>
                  {column}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} align="center">
                  {failed ? 'No record found!' : loading ? 'Loading...' : 'No results found'}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={row.id} data-request-id={row.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.name}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    ₹{formatFixed(row.amount)}
                  </TableCell>
                  <TableCell>
                    <StatusChip status={row.status} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</TableCell>
                  <TableCell>{row.remark || '-'}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'space-between', mt: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {showingText(page, limit, total)}
        </Typography>
        <Pagination page={Math.min(page, totalPages)} totalPages={totalPages} onPageChange={setPage} />
      </Box>
    </Paper>
  );
}
