// Roulette statistics (spec §2, §3): the share of each dozen, column, red/black, odd/even and
// low/high over the last spins, from the round's `stats`.
import { memo } from 'react';
import { styled } from '@mui/material/styles';
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

const Section = styled('section')(({ theme }) => ({ padding: theme.spacing(0.75, 1), borderTop: `1px solid ${theme.palette.divider}` }));
const Title = styled('p')(({ theme }) => ({ ...theme.typography.body1, margin: 0, marginBottom: theme.spacing(0.75), fontWeight: 700, fontSize: 13 }));
const TitleNote = styled('span')(({ theme }) => ({ fontWeight: 400, color: theme.palette.text.secondary, fontSize: 12 }));
const Rows = styled('div')(({ theme }) => ({ display: 'grid', gridTemplateColumns: '1fr', gap: theme.spacing(1), [theme.breakpoints.up('sm')]: { gridTemplateColumns: '1fr 1fr' } }));
const RowTitle = styled('p')(({ theme }) => ({ ...theme.typography.body1, margin: 0, marginBottom: theme.spacing(0.25), fontSize: 12, color: theme.palette.text.secondary }));
const Bar = styled('div')({ display: 'flex', height: 8, borderRadius: 4, overflow: 'hidden', backgroundColor: 'rgba(255,255,255,0.08)' });
const Legend = styled('div')(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', columnGap: theme.spacing(1.5), marginTop: theme.spacing(0.25) }));
const LegendItem = styled('span')(({ theme }) => ({ ...theme.typography.body1, fontSize: 12, display: 'inline-flex', alignItems: 'center', gap: theme.spacing(0.5) }));
const Dot = styled('span')({ width: 8, height: 8, borderRadius: '50%', border: '1px solid rgba(255,255,255,0.4)' });

/** Renders only when a figure changes (once a spin); its styles are built once, and what a spin
 * changes (the shares) is inline. */
const StatsView = memo(function StatsView({ stats }: { stats: TableStats }) {
  return (
    <Section aria-label="Statistics" data-testid="roulette-stats">
      <Title>
        Statistics <TitleNote>(last {stats.spins} spins, zero {stats.zero}%)</TitleNote>
      </Title>
      <Rows>
        {statRows(stats).map((row) => (
          <div key={row.title}>
            <RowTitle>{row.title}</RowTitle>
            <Bar aria-hidden>
              {row.shares.map((share) => (
                // Inline: a share is a new value every spin, and a new style class each time
                // would add a rule to the page's style sheet (restyling the whole page).
                <div key={share.label} style={{ flex: `${Math.max(share.value, 0)} 0 0`, backgroundColor: share.colour }} />
              ))}
            </Bar>
            <Legend>
              {row.shares.map((share) => (
                <LegendItem key={share.label} data-stat={share.label}>
                  <Dot aria-hidden style={{ backgroundColor: share.colour }} />
                  {share.label} <b>{share.value}%</b>
                </LegendItem>
              ))}
            </Legend>
          </div>
        ))}
      </Rows>
    </Section>
  );
}, sameStats);

export function RouletteStats() {
  const stats = useCasinoStore(selectStats);
  return stats ? <StatsView stats={stats} /> : null;
}
