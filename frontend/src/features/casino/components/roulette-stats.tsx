// Roulette statistics (spec §2, §3): the share of each dozen, column, red/black, odd/even and
// low/high over the last spins, from the round's `stats`.
import { memo } from 'react';
import { Box, Typography } from '@mui/material';
import type { TableStats } from '@/types';
import { selectStats, useCasinoStore } from '../stores/casino-store';

type Share = { label: string; value: number; colour: string };

export function statRows(stats: TableStats): { title: string; shares: Share[] }[] {
  const [d1, d2, d3] = stats.dozens;
  const [c1, c2, c3] = stats.columns;
  return [
    { title: 'Dozens', shares: [{ label: '1-12', value: d1, colour: '#2b7bd6' }, { label: '13-24', value: d2, colour: '#7b3fb5' }, { label: '25-36', value: d3, colour: '#1f8a70' }] },
    { title: 'Columns', shares: [{ label: '1st', value: c1, colour: '#2b7bd6' }, { label: '2nd', value: c2, colour: '#7b3fb5' }, { label: '3rd', value: c3, colour: '#1f8a70' }] },
    { title: 'Red / Black', shares: [{ label: 'Red', value: stats.red, colour: '#c62828' }, { label: 'Black', value: stats.black, colour: '#4a4a4a' }] },
    { title: 'Odd / Even', shares: [{ label: 'Odd', value: stats.odd, colour: '#b36b00' }, { label: 'Even', value: stats.even, colour: '#2b7bd6' }] },
    { title: 'Low / High', shares: [{ label: '1-18', value: stats.low, colour: '#1f8a70' }, { label: '19-36', value: stats.high, colour: '#7b3fb5' }] },
  ];
}

/** Same figures: the round's updates bring a new stats object, mostly with the same numbers. */
function sameStats(a: { stats: TableStats }, b: { stats: TableStats }): boolean {
  return JSON.stringify(a.stats) === JSON.stringify(b.stats);
}

/** Renders only when a figure changes (once a spin). */
const StatsView = memo(function StatsView({ stats }: { stats: TableStats }) {
  return (
    <Box component="section" aria-label="Statistics" data-testid="roulette-stats" sx={{ px: 1, py: 0.75, borderTop: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 700, fontSize: 13, mb: 0.75 }}>
        Statistics <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary', fontSize: 12 }}>(last {stats.spins} spins, zero {stats.zero}%)</Box>
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}>
        {statRows(stats).map((row) => (
          <Box key={row.title}>
            <Typography sx={{ fontSize: 12, color: 'text.secondary', mb: 0.25 }}>{row.title}</Typography>
            <Box aria-hidden sx={{ display: 'flex', height: 8, borderRadius: 4, overflow: 'hidden', bgcolor: 'rgba(255,255,255,0.08)' }}>
              {row.shares.map((share) => (
                // Inline: a share is a new value every spin, and a new style class each time
                // would add a rule to the page's style sheet (restyling the whole page).
                <Box key={share.label} style={{ flex: `${Math.max(share.value, 0)} 0 0`, backgroundColor: share.colour }} />
              ))}
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, mt: 0.25 }}>
              {row.shares.map((share) => (
                <Typography key={share.label} component="span" data-stat={share.label} sx={{ fontSize: 12, display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: share.colour, border: '1px solid rgba(255,255,255,0.4)' }} />
                  {share.label} <b>{share.value}%</b>
                </Typography>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}, sameStats);

export function RouletteStats() {
  const stats = useCasinoStore(selectStats);
  return stats ? <StatsView stats={stats} /> : null;
}
