import { useEffect, useMemo, useState } from 'react';
import { Box, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { DataTable, TablePager, type DataColumn } from '@/components/data-table';
import { DateField } from '@/components/date-field';
import { selectUser, useSession } from '@/lib/session';
import { DEFAULT_PAGE_SIZE, PageSizeSelect, pageCount, pageSlice } from '@/components/pagination';
import { formatDateTime, formatFixed, formatQueryDate } from '@/utils/format';
import { getCasinoStatement } from '../api/get-casino-statement';
import { getOpenCasinoBets } from '../api/get-open-casino-bets';
import {
  ALL_GAMES,
  OUR_PROVIDER,
  OUR_TABLES,
  filterRows,
  settledRows,
  unsettledRows,
  type CasinoBetOutcome,
  type CasinoBetRow,
  type ReportType,
} from '../model/casino-bets';

const OUTCOME_COLOURS: Record<CasinoBetOutcome, string> = {
  Win: 'success.main',
  Loss: 'error.main',
  Push: 'text.secondary',
  Void: 'text.secondary',
  Pending: 'warning.main',
};

function signed(total: number | null): string {
  if (total === null) return '-';
  return total > 0 ? `+${formatFixed(total)}` : formatFixed(total);
}

const COLUMNS: DataColumn<CasinoBetRow>[] = [
  {
    id: 'game',
    header: 'Game Name',
    render: (row) => (
      <>
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {row.game}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {row.selection} ({row.side === 'back' ? 'Back' : 'Lay'})
        </Typography>
      </>
    ),
  },
  {
    id: 'type',
    header: 'Type',
    render: (row) => (
      <Box component="span" sx={{ color: OUTCOME_COLOURS[row.outcome], fontWeight: 600 }}>
        {row.outcome}
      </Box>
    ),
  },
  { id: 'amount', header: 'Amount', align: 'right', render: (row) => formatFixed(row.amount) },
  {
    id: 'total',
    header: 'Total',
    align: 'right',
    render: (row) => (
      <Box component="span" sx={{ color: row.total === null ? undefined : row.total >= 0 ? 'success.main' : 'error.main', fontWeight: 600 }}>
        {signed(row.total)}
      </Box>
    ),
  },
  { id: 'date', header: 'Date', nowrap: true, render: (row) => formatDateTime(row.createdAt) },
  { id: 'round', header: 'Round ID', render: (row) => row.roundId },
  { id: 'bet', header: 'Transaction ID', render: (row) => row.betId },
];

async function load(type: ReportType, day: Date): Promise<CasinoBetRow[]> {
  return type === 'settled' ? settledRows(await getCasinoStatement(day)) : unsettledRows(await getOpenCasinoBets());
}

/**
 * Live Casino Bets: the user's bets on our own tables. Report type picks the source (settled from
 * the casino account statement, un-settled from the open bets); date, game and search filter here.
 * The list reloads whenever the live balance or exposure moves (a bet placed, a round settled).
 */
export function LiveCasinoBetsReport() {
  const [type, setType] = useState<ReportType>('settled');
  const [date, setDate] = useState(() => new Date());
  const [game, setGame] = useState<string>(ALL_GAMES);
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<CasinoBetRow[]>([]);
  const [loading, setLoading] = useState(true);
  // A bet placed or a round settled moves the live balance or exposure: load the list again.
  const user = useSession(selectUser);
  const balance = user?.balance;
  const exp = user?.exp;

  useEffect(() => {
    let active = true;
    setLoading(true);
    load(type, date)
      .then((list) => active && setRows(list))
      .catch((error: unknown) => {
        console.error('Error fetching casino bets:', error);
        if (active) setRows([]);
      })
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [type, date, balance, exp]);

  const day = formatQueryDate(date);
  const filtered = useMemo(() => filterRows(rows, { date: day, game, search }), [rows, day, game, search]);
  const totalPages = pageCount(filtered.length, pageSize);
  const current = Math.min(page, totalPages);
  const visible = pageSlice(filtered, current, pageSize);
  const change = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 200px))' } }}>
        <TextField
          select
          label="Report Type"
          size="small"
          value={type}
          onChange={(event) => change(setType)(event.target.value as ReportType)}
        >
          <MenuItem value="settled">Settled</MenuItem>
          <MenuItem value="unsettled">Un-Settled</MenuItem>
        </TextField>
        <DateField label="Date" value={date} onChange={change(setDate)} />
        <TextField select label="Provider" size="small" value={OUR_PROVIDER}>
          <MenuItem value={OUR_PROVIDER}>{OUR_PROVIDER}</MenuItem>
        </TextField>
        <TextField select label="Game" size="small" value={game} onChange={(event) => change(setGame)(event.target.value)}>
          <MenuItem value={ALL_GAMES}>All Games</MenuItem>
          {OUR_TABLES.map((table) => (
            <MenuItem key={table.gtype} value={table.gtype}>
              {table.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
        <PageSizeSelect value={pageSize} onChange={change(setPageSize)} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography component="label" htmlFor="casino-bets-search" variant="body2">
            Search:
          </Typography>
          <TextField
            id="casino-bets-search"
            size="small"
            placeholder="Search bets..."
            value={search}
            onChange={(event) => change(setSearch)(event.target.value)}
          />
        </Box>
      </Box>
      <DataTable
        label="Live casino bets"
        columns={COLUMNS}
        rows={visible}
        rowKey={(row) => row.betId}
        loading={loading}
        emptyText="No results found"
      />
      <TablePager page={current} pageSize={pageSize} total={filtered.length} totalPages={totalPages} onPageChange={setPage} />
    </Paper>
  );
}
