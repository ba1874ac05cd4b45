// The house's settled P/L per day (UTC) as bars around zero: a win rises above it in green, a
// loss hangs below in red. Each bar carries its day and P/L as data attributes.
import { Box, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { OpsDayPnl } from '@/types';
import { sumAmounts } from '@/utils/amount';
import { formatDate, formatDayMonth, formatFixed } from '@/utils/format';

const HEIGHT = 220;
const WIN = '#43a047';
const LOSS = '#e53935';

/** A day's bar: its day and P/L as data attributes and in its label. */
function barProps(day: OpsDayPnl | undefined) {
  return day ? { 'aria-label': `${day.day}: ${formatFixed(day.pnl)}`, 'data-day': day.day, 'data-pnl': day.pnl } : {};
}

export function PnlChart({ days }: { days: ReadonlyArray<OpsDayPnl> }) {
  const total = sumAmounts(days.map((d) => d.pnl));
  return (
    <Box data-testid="pnl-chart" data-days={days.length} data-total={total.toFixed(2)}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Settled P/L per day (UTC): {formatFixed(total)} over {days.length} days
      </Typography>
      <Box role="figure" aria-label="Settled P/L per day" sx={{ width: '100%' }}>
        <BarChart
          height={HEIGHT}
          skipAnimation
          hideLegend
          grid={{ horizontal: true }}
          xAxis={[
            {
              scaleType: 'band',
              label: 'Day (UTC)',
              data: days.map((d) => d.day),
              valueFormatter: (day: string, context) => (context.location === 'tick' ? formatDayMonth(day) : formatDate(day)),
            },
          ]}
          yAxis={[{ width: 72, valueFormatter: (value: number) => formatFixed(value) }]}
          series={[
            {
              label: 'Settled P/L',
              data: days.map((d) => d.pnl),
              color: WIN,
              colorGetter: ({ value }) => ((value ?? 0) >= 0 ? WIN : LOSS),
              valueFormatter: (value) => formatFixed(value),
            },
          ]}
          slotProps={{ bar: ({ dataIndex }) => barProps(days[dataIndex]) }}
        />
      </Box>
    </Box>
  );
}
