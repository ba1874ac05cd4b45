// Current Bets (spec §2): type Sports or Casino and Submit, page size, Back / Lay / All, the
// count and summed stake of the rows that pass the filters, search; rows coloured by side,
// local pagination, row checkboxes with a select-all over the page shown.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Box, Button, FormControlLabel, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { DataTable, TablePager, type DataColumn, type RowKey } from '@/components/data-table';
import { PageSizeSelect } from '@/components/pagination';
import type { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { BetView } from '@/types';
import { formatDateTime, formatFixed } from '@/utils/format';
import { getCurrentBets, type CurrentBetType } from '../api/get-current-bets';
import { currentTotals, eventLabel, filterCurrentBets, sportName, type SideFilter } from '../model/current-bets';
import { pageOf, usePaging } from '../hooks/use-paging';
import { FilterBar, ReportCard, SearchField, TableToolbar } from './report-card';

const TYPES: ReadonlyArray<{ value: CurrentBetType; label: string }> = [
  { value: 'game', label: 'Sports' },
  { value: 'casino', label: 'Casino' },
];

const SIDES: ReadonlyArray<{ value: SideFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'back', label: 'Back' },
  { value: 'lay', label: 'Lay' },
];

const COLUMNS: ReadonlyArray<DataColumn<BetView>> = [
  { id: 'sport', header: 'Sports', render: sportName },
  { id: 'event', header: 'Event Name', minWidth: 200, render: eventLabel },
  { id: 'market', header: 'Market Name', nowrap: true, render: (bet) => bet.marketName },
  { id: 'nation', header: 'Nation', minWidth: 120, render: (bet) => bet.sectionName },
  { id: 'rate', header: 'User Rate', align: 'right', render: (bet) => bet.uRate },
  { id: 'amount', header: 'Amount', align: 'right', render: (bet) => formatFixed(bet.amount) },
  { id: 'date', header: 'Place Date', nowrap: true, render: (bet) => formatDateTime(bet.createdAt) },
];

export function CurrentBets() {
  const [type, setType] = useState<CurrentBetType>('game');
  const [bets, setBets] = useState<BetView[]>([]);
  const [loading, setLoading] = useState(false);
  const [side, setSide] = useState<SideFilter>('all');
  const [search, setSearch] = useState('');
  const paging = usePaging();
  const { toFirstPage } = paging;
  const [selected, setSelected] = useState<Set<RowKey>>(() => new Set());

  const load = useCallback(async (next: CurrentBetType) => {
    setLoading(true);
    setSelected(new Set());
    try {
      setBets(await getCurrentBets(next));
    } catch (error) {
      setBets([]);
      notify.error((error as ApiError).message);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load('game');
  }, [load]);

  const shown = useMemo(() => filterCurrentBets(bets, side, search), [bets, side, search]);
  const totals = currentTotals(shown);
  const visible = pageOf(shown, paging);

  return (
    <ReportCard title="Current Bets">
      <FilterBar
        label="Current bet filters"
        onSubmit={() => {
          toFirstPage();
          void load(type);
        }}
      >
        <TextField select size="small" label="Type" value={type} onChange={(event) => setType(event.target.value as CurrentBetType)} sx={{ minWidth: 140 }}>
          {TYPES.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" sx={{ height: 40 }}>
          Submit
        </Button>
      </FilterBar>
      <TableToolbar>
        <PageSizeSelect value={paging.pageSize} onChange={paging.setPageSize} />
        <RadioGroup
          row
          aria-label="Bet side"
          value={side}
          onChange={(event) => {
            setSide(event.target.value as SideFilter);
            toFirstPage();
          }}
        >
          {SIDES.map((option) => (
            <FormControlLabel key={option.value} value={option.value} control={<Radio size="small" />} label={option.label} />
          ))}
        </RadioGroup>
        <Box sx={{ display: 'flex', gap: 2 }}>
          <Typography variant="body2">
            Total Bets: <b data-testid="current-total-bets">{totals.count}</b>
          </Typography>
          <Typography variant="body2">
            Total Amount: <b data-testid="current-total-amount">{formatFixed(totals.amount)}</b>
          </Typography>
        </Box>
        <SearchField
          value={search}
          onChange={(value) => {
            setSearch(value);
            toFirstPage();
          }}
        />
      </TableToolbar>
      <DataTable
        label="Current Bets"
        columns={COLUMNS}
        rows={visible.rows}
        rowKey={(bet) => bet.betId}
        loading={loading}
        emptyText="No data available"
        selection={{ selected, onChange: setSelected }}
        rowSx={(bet) => ({ bgcolor: `${bet.betType}.main`, '&:hover': { bgcolor: `${bet.betType}.light` }, '& td': { color: `${bet.betType}.contrastText` } })}
        rowProps={(bet) => ({ 'data-testid': 'current-bet-row', 'data-side': bet.betType })}
      />
      <TablePager {...visible.pager} />
    </ReportCard>
  );
}
