import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

/** A market table: its title bar, with the stake limits when they are the market's and the
 * market's own buttons (`actions`), over its rows. */
export function MarketFrame({ title, limits, mid, actions, children }: { title: string; limits?: string; mid?: number; actions?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} data-testid={mid !== undefined ? `market-${mid}` : undefined} sx={{ mb: 1, bgcolor: 'background.paper', borderRadius: 1, overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 1, py: 0.5, bgcolor: 'header.main', color: 'header.contrastText' }}>
        <Typography component="h2" sx={{ fontSize: 13, fontWeight: 700 }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {limits && <Typography sx={{ fontSize: 11, opacity: 0.9, whiteSpace: 'nowrap' }}>{limits}</Typography>}
          {actions}
        </Box>
      </Box>
      {children}
    </Box>
  );
}
