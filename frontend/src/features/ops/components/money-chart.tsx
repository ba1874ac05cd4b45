// An account's balance (blue) and exposure (red) after every money event of the log, as steps
// over time; the whole history or one day. Each has its own axis (balance left, exposure right)
// so a bet's exposure stays visible beside a large balance.
import { useMemo, useState } from 'react';
import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography, useMediaQuery, useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { addDays } from 'date-fns';
import type { OpsTimelinePoint } from '@/types';
import { formatChartTime, formatDateTime, formatFixed, formatQueryDate } from '@/utils/format';
import { parseInputDate } from '@/utils/parse-date';
import { pointsIn, type Window } from '../model/timeline';

const HEIGHT = 260;
/** About how many time ticks the axis shows, so their labels never crowd; at most one a second
 * (the finest tick label). */
const TICKS = 8;
/** On a phone's width: fewer ticks, so HH:mm:ss labels keep a gap between them. */
const TICKS_NARROW = 3;
/** Pixels at least between two time labels; a label closer than this to the previous is hidden. */
const TICK_LABEL_GAP_PX = 12;
const BALANCE = '#1e88e5';
const EXPOSURE = '#e53935';

function dayWindow(dateText: string): Window | null {
  const start = parseInputDate(dateText);
  return start ? { fromMs: start.getTime(), toMs: addDays(start, 1).getTime() } : null;
}

export function MoneyChart({ points }: { points: ReadonlyArray<OpsTimelinePoint> }) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'));
  const [zoom, setZoom] = useState<'all' | 'day'>('all');
  const [day, setDay] = useState(() => formatQueryDate(new Date(points[points.length - 1]?.atMs ?? Date.now())));
  const range = useMemo(() => (zoom === 'day' ? dayWindow(day) : null), [zoom, day]);
  const shown = useMemo(() => pointsIn(points, range), [points, range]);
  const spanMs = range ? range.toMs - range.fromMs : (shown[shown.length - 1]?.atMs ?? 0) - (shown[0]?.atMs ?? 0);
  return (
    <Box data-testid="money-chart" data-points={shown.length}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">Balance and exposure</Typography>
        <ToggleButtonGroup size="small" exclusive value={zoom} onChange={(_, value) => value && setZoom(value)} aria-label="Chart range">
          <ToggleButton value="all">All</ToggleButton>
          <ToggleButton value="day">Day</ToggleButton>
        </ToggleButtonGroup>
        {zoom === 'day' && (
          <input type="date" aria-label="Chart day" value={day} onChange={(event) => setDay(event.target.value)} />
        )}
      </Stack>
      {shown.length === 0 ? (
        <Typography color="text.secondary">No money moved in this range.</Typography>
      ) : (
        <Box role="figure" aria-label="Balance and exposure over time" sx={{ width: '100%' }}>
          <LineChart
            height={HEIGHT}
            skipAnimation
            xAxis={[
              {
                scaleType: 'time',
                label: 'Time (24-hour)',
                tickNumber: narrow ? TICKS_NARROW : TICKS,
                tickMinStep: 1_000,
                tickLabelMinGap: TICK_LABEL_GAP_PX,
                data: shown.map((p) => new Date(p.atMs)),
                min: range ? new Date(range.fromMs) : undefined,
                max: range ? new Date(range.toMs) : undefined,
                valueFormatter: (value: Date, context) => (context.location === 'tick' ? formatChartTime(value, spanMs) : formatDateTime(value)),
              },
            ]}
            yAxis={[
              { id: 'balance', position: 'left', width: 72, valueFormatter: (value: number) => formatFixed(value) },
              { id: 'exposure', position: 'right', width: 72, min: 0, valueFormatter: (value: number) => formatFixed(value) },
            ]}
            series={[
              {
                id: 'balance',
                label: 'Balance',
                yAxisId: 'balance',
                curve: 'stepAfter',
                color: BALANCE,
                data: shown.map((p) => p.balance),
                valueFormatter: (value, { dataIndex }) => `${formatFixed(value)} (log #${shown[dataIndex]?.seq ?? ''})`,
              },
              {
                id: 'exposure',
                label: 'Exposure',
                yAxisId: 'exposure',
                curve: 'stepAfter',
                color: EXPOSURE,
                showMark: false,
                data: shown.map((p) => p.exposure),
                valueFormatter: (value) => formatFixed(value),
              },
            ]}
          />
        </Box>
      )}
    </Box>
  );
}
