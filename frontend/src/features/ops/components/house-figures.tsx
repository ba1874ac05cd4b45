// `/ops/house`: the house's figures, refreshed every five seconds: turnover, what the house can
// lose on every open market and casino table, and its settled P/L per day as a bar chart.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Box, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { DataTable, type DataColumn } from '@/components/data-table';
import { notify } from '@/lib/notify';
import type { OpsDayPnl, OpsHouse, OpsOpenMarket, OpsTableExposure } from '@/types';
import { sumAmounts } from '@/utils/amount';
import { formatFixed } from '@/utils/format';
import { getHouse } from '../api';
import { pnlBars } from '../model/pnl-bars';
import { Figure } from './figure';

const REFRESH_MS = 5_000;
const WIDTH = 720;
const HEIGHT = 160;
const WIN = '#43a047';
const LOSS = '#e53935';

function PnlChart({ days }: { days: ReadonlyArray<OpsDayPnl> }) {
  const { bars, zeroY } = useMemo(() => pnlBars(days, WIDTH, HEIGHT), [days]);
  const total = sumAmounts(days.map((d) => d.pnl));
  return (
    <Box data-testid="pnl-chart" data-days={days.length} data-total={total.toFixed(2)}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Settled P/L per day (UTC): {formatFixed(total)} over {days.length} days
      </Typography>
      <Box component="svg" viewBox={`0 0 ${WIDTH} ${HEIGHT + 18}`} role="img" aria-label="Settled P/L per day" sx={{ width: '100%', maxWidth: WIDTH, display: 'block' }}>
        <line x1={0} x2={WIDTH} y1={zeroY} y2={zeroY} stroke="currentColor" strokeOpacity={0.4} />
        {bars.map((bar) => (
          <rect key={bar.day} x={bar.x} y={bar.y} width={bar.width} height={Math.max(bar.height, bar.pnl === 0 ? 0 : 1)} fill={bar.win ? WIN : LOSS} data-day={bar.day} data-pnl={bar.pnl}>
            <title>{`${bar.day}: ${formatFixed(bar.pnl)}`}</title>
          </rect>
        ))}
        <text x={0} y={HEIGHT + 14} fontSize={11} fill="currentColor">
          {days[0]?.day}
        </text>
        <text x={WIDTH} y={HEIGHT + 14} fontSize={11} textAnchor="end" fill="currentColor">
          {days[days.length - 1]?.day}
        </text>
      </Box>
    </Box>
  );
}

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
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Figure label="Turnover" value={formatFixed(house.turnover)} testId="house-turnover" />
          <Figure label="Turnover today (UTC)" value={formatFixed(house.turnoverToday)} testId="house-turnover-today" />
          <Figure label="Bets" value={String(house.bets)} testId="house-bets" />
          <Figure label="House exposure" value={formatFixed(house.exposure)} testId="house-exposure" />
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
