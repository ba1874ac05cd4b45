import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { formatDateTime } from '@/utils/format';
import { selectFixture, selectRemoved, useMatchStore } from '../stores/match-store';

export function MatchTitle({ extra }: { extra?: ReactNode }) {
  const fixture = useMatchStore(selectFixture);
  const removed = useMatchStore(selectRemoved);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1, px: 1, py: 0.75, bgcolor: 'header.main', color: 'header.contrastText', borderRadius: 1 }}>
      <Typography component="h1" sx={{ fontSize: { xs: 15, md: 17 }, fontWeight: 700 }}>
        {fixture?.ename ?? 'Match'}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', fontSize: 12 }}>
        {extra}
        {removed && <span>Match closed</span>}
        {fixture?.iplay && (
          <Box component="span" sx={{ color: 'success.light', fontWeight: 700 }}>
            In-play
          </Box>
        )}
        {fixture && <span>{formatDateTime(fixture.stime)}</span>}
      </Box>
    </Box>
  );
}
