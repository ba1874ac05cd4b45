// `/ops/house`: the house's figures, refreshed every five seconds: turnover, what the house can
// lose on every open market and casino table, its settled P/L per day as a bar chart, and the
// exchange's commission per day.
import { useCallback, useEffect, useState } from 'react';
import { Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { DataTable, type DataColumn } from '@/components/data-table';
import { notify } from '@/lib/notify';
import type { OpsDayPnl, OpsHouse, OpsOpenMarket, OpsTableExposure } from '@/types';
import { formatFixed } from '@/utils/format';
import { getHouse } from '../api';
import { Figure } from './figure';
import { PnlChart } from './pnl-chart';

const REFRESH_MS = 5_000;
const MARKET_COLUMNS: ReadonlyArray<DataColumn<OpsOpenMarket>> = [
  { id: 'event', header: 'Event', render: (m) => m.eventName, minWidth: 160 },
  { id: 'market', header: 'Market', render: (m) => m.marketName },
  { id: 'type', header: 'Type', render: (m) => m.gtype },
  { id: 'bets', header: 'Bets', align: 'right', render: (m) => m.bets },
  { id: 'stake', header: 'Stake', align: 'right', render: (m) => formatFixed(m.stake) },
  { id: 'exposure', header: 'House exposure', align: 'right', render: (m) => formatFixed(m.exposure) },
];

const TABLE_COLUMNS: ReadonlyArray<DataColumn<OpsTableExposure>> = [
  { id: 'name', header: 'Table', render: (t) => t.name },
  { id: 'bets', header: 'Bets', align: 'right', render: (t) => t.bets },
  { id: 'stake', header: 'Stake', align: 'right', render: (t) => formatFixed(t.stake) },
  { id: 'exposure', header: 'House exposure', align: 'right', render: (t) => formatFixed(t.exposure) },
];

const COMMISSION_COLUMNS: ReadonlyArray<DataColumn<OpsDayPnl>> = [
  { id: 'day', header: 'Day (UTC)', render: (d) => d.day },
  { id: 'commission', header: 'Commission', align: 'right', render: (d) => formatFixed(d.commission) },
  { id: 'pnl', header: 'House P/L', align: 'right', render: (d) => formatFixed(d.pnl) },
];

export function HouseFigures() {
  const [days, setDays] = useState(30);
  const [house, setHouse] = useState<OpsHouse | null>(null);

  const load = useCallback(async () => {
    try {
      const found = await getHouse(days);
      if (found) setHouse(found);
    } catch (error) {
      notify.error((error as { message?: string }).message);
    }
  }, [days]);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  if (!house) return <Typography>Loading the house figures…</Typography>;
  const commissionDays = house.pnlByDay.filter((d) => d.commission > 0).reverse();
  const commissionTotal = house.pnlByDay.reduce((sum, d) => sum + d.commission, 0);
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure label="Turnover" value={formatFixed(house.turnover)} testId="house-turnover" />
          <Figure label="Turnover today (UTC)" value={formatFixed(house.turnoverToday)} testId="house-turnover-today" />
          <Figure label="Bets" value={String(house.bets)} testId="house-bets" />
          <Figure label="House exposure" value={formatFixed(house.exposure)} testId="house-exposure" />
          <Figure label={`Commission (${days} days)`} value={formatFixed(commissionTotal)} testId="house-commission" />
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ToggleButtonGroup size="small" exclusive value={days} onChange={(_, value: number | null) => value !== null && setDays(value)} aria-label="Days" sx={{ mb: 1 }}>
          <ToggleButton value={7}>7 days</ToggleButton>
          <ToggleButton value={30}>30 days</ToggleButton>
          <ToggleButton value={90}>90 days</ToggleButton>
        </ToggleButtonGroup>
        <PnlChart days={house.pnlByDay} />
      </Paper>
      <Typography variant="subtitle1" component="h2">
        Exchange commission per day
      </Typography>
      <DataTable label="Commission per day" columns={COMMISSION_COLUMNS} rows={commissionDays} rowKey={(d) => d.day} rowProps={(d) => ({ 'data-day': d.day })} emptyText="No commission in these days" />
      <Typography variant="subtitle1" component="h2">
        Open sports markets
      </Typography>
      <DataTable label="Open markets" columns={MARKET_COLUMNS} rows={house.markets} rowKey={(m) => m.mid} rowProps={(m) => ({ 'data-mid': String(m.mid) })} />
      <Typography variant="subtitle1" component="h2">
        Casino tables with open bets
      </Typography>
      <DataTable label="Casino tables" columns={TABLE_COLUMNS} rows={house.tables} rowKey={(t) => t.gtype} rowProps={(t) => ({ 'data-gtype': t.gtype })} />
    </Stack>
  );
}
