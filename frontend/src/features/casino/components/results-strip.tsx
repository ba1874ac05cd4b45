// The last results (spec §2, §9): newest first, each a badge with the table's letter and colour
// (roulette: the number on its colour), and "View All" to the casino results page.
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Link, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';
import { resultBadge } from '../model/results';
import { selectResults, useCasinoStore } from '../stores/casino-store';

const Badge = styled('div')(({ theme }) => ({
  minWidth: 28,
  height: 28,
  padding: 0,
  borderRadius: '14px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontSize: 12,
  fontWeight: 800,
  boxShadow: 'inset 0 0 0 1px rgba(255,255,255,0.25)',
  '&[data-wide="true"]': { padding: theme.spacing(0, 0.5) },
}));

/** One result: rendered once when its round resulted (each round's new list keeps the rest). */
const Result = memo(function Result({ gtype, mid, win, nat }: { gtype: string; mid: string; win: string; nat: string }) {
  const badge = resultBadge(gtype, win);
  return (
    <Badge data-testid="result-badge" data-mid={mid} data-wide={badge.label.length > 2 ? 'true' : undefined} title={`${nat} (Round ${mid})`} aria-label={`Round ${mid}: ${nat}`} style={{ backgroundColor: badge.background, color: badge.color }}>
      {badge.label}
    </Badge>
  );
});

export function ResultsStrip({ gtype }: { gtype: string }) {
  const results = useCasinoStore(selectResults);
  return (
    <Box component="section" aria-label="Last Result" sx={{ px: 1, py: 0.75, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 0.75 }}>
        <Typography sx={{ fontWeight: 700, fontSize: 13 }}>Last Result</Typography>
        <Link component={RouterLink} to={`/casino-results?type=${encodeURIComponent(gtype)}`} sx={{ fontSize: 12, fontWeight: 700 }}>
          View All
        </Link>
      </Box>
      <Box data-testid="results-strip" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
        {results.length === 0 && <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>No results yet</Typography>}
        {results.map((row) => (
          <Result key={row.mid} gtype={gtype} mid={row.mid} win={row.win} nat={row.nat} />
        ))}
      </Box>
    </Box>
  );
}
