// An account's balance (blue) and exposure (red) after every money event of the log, as steps
// over time; the whole history or one day.
import { useMemo, useState } from 'react';
import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { addDays } from 'date-fns';
import type { OpsTimelinePoint } from '@/types';
import { formatFixed, formatDateTime, formatQueryDate } from '@/utils/format';
import { parseInputDate } from '@/utils/parse-date';
import { pointsIn, scale, stepPath, type Window } from '../model/timeline';

const WIDTH = 720;
const BALANCE_HEIGHT = 140;
const EXPOSURE_HEIGHT = 60;
/** Room on the left for the range labels. */
const LABELS = 90;
const BALANCE = '#1e88e5';
const EXPOSURE = '#e53935';

function dayWindow(dateText: string): Window | null {
  const start = parseInputDate(dateText);
  return start ? { fromMs: start.getTime(), toMs: addDays(start, 1).getTime() } : null;
}

export function MoneyChart({ points }: { points: ReadonlyArray<OpsTimelinePoint> }) {
  const [zoom, setZoom] = useState<'all' | 'day'>('all');
  const [day, setDay] = useState(() => formatQueryDate(new Date(points[points.length - 1]?.atMs ?? Date.now())));
  const shown = useMemo(() => pointsIn(points, zoom === 'day' ? dayWindow(day) : null), [points, zoom, day]);
  const { scaled, balance, exposure } = useMemo(() => scale(shown, WIDTH - LABELS, BALANCE_HEIGHT, EXPOSURE_HEIGHT), [shown]);
  const label = (y: number, text: string) => (
    <text x={-6} y={y} textAnchor="end" dominantBaseline="middle" fontSize={11} fill="currentColor">
      {text}
    </text>
  );
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
        <Typography variant="caption" sx={{ color: BALANCE }}>
          ■ Balance
        </Typography>
        <Typography variant="caption" sx={{ color: EXPOSURE }}>
          ■ Exposure
        </Typography>
      </Stack>
      {scaled.length === 0 ? (
        <Typography color="text.secondary">No money moved in this range.</Typography>
      ) : (
        <Box
          component="svg"
          viewBox={`${-LABELS} -8 ${WIDTH + 8} ${BALANCE_HEIGHT + EXPOSURE_HEIGHT + 16}`}
          sx={{ width: '100%', maxWidth: WIDTH, height: 'auto', color: 'text.secondary' }}
          role="img"
          aria-label="Balance and exposure over time"
        >
          <line x1={0} x2={WIDTH - LABELS} y1={BALANCE_HEIGHT + 4} y2={BALANCE_HEIGHT + 4} stroke="currentColor" strokeOpacity={0.3} />
          {label(0, formatFixed(balance.high))}
          {label(BALANCE_HEIGHT, formatFixed(balance.low))}
          {label(BALANCE_HEIGHT + 10, formatFixed(exposure.high))}
          {label(BALANCE_HEIGHT + EXPOSURE_HEIGHT, formatFixed(exposure.low))}
          <path d={stepPath(scaled, (s) => s.exposureY)} fill="none" stroke={EXPOSURE} strokeWidth={1.5} />
          <path d={stepPath(scaled, (s) => s.balanceY)} fill="none" stroke={BALANCE} strokeWidth={2} />
          {scaled.map((s) => (
            <circle key={s.point.seq} cx={s.x} cy={s.balanceY} r={2.5} fill={BALANCE}>
              <title>{`#${s.point.seq} ${formatDateTime(s.point.atMs)}: balance ${formatFixed(s.point.balance)}, exposure ${formatFixed(s.point.exposure)}`}</title>
            </circle>
          ))}
        </Box>
      )}
    </Box>
  );
}
