// Home (spec §2): latest-events ticker, the mobile menu strip, sports tabs (Cricket first) over
// the live match table, and the casino tile grid.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Link, Paper, Tab, Tabs } from '@mui/material';
import { CRICKET_ETID, LatestEventsTicker, SportMatchTable } from '@/features/sports';
import { useAuthActions } from '@/features/auth';
import { HomeCasinoGrid } from '@/features/casino';

const STRIP = [
  { label: 'Sports', to: '/' },
  { label: 'Our Casino', to: '/casino-list/LC/4/35' },
  { label: 'Live Casino', to: '/' },
  { label: 'Slots', to: '/' },
  { label: 'Fantasy', to: '/' },
];

export const SPORT_TABS = [
  { eid: 4, ename: 'Cricket' },
  { eid: 2, ename: 'Tennis' },
  { eid: 1, ename: 'Football' },
  { eid: 8, ename: 'Table Tennis' },
];

export default function HomePage() {
  const { signInDemo } = useAuthActions();
  const [tab, setTab] = useState(CRICKET_ETID);
  return (
    <Box>
      <LatestEventsTicker />
      <Box component="nav" aria-label="Menu strip" sx={{ display: { xs: 'flex', lg: 'none' }, gap: 1, overflowX: 'auto', mb: 1, pb: 0.5 }}>
        {STRIP.map((item) => (
          <Button key={item.label} component={RouterLink} to={item.to} variant="outlined" size="small" sx={{ flexShrink: 0 }}>
            {item.label}
          </Button>
        ))}
      </Box>
      <Paper sx={{ overflow: 'hidden' }}>
        <Tabs value={tab} onChange={(_, value: number) => setTab(value)} variant="scrollable" allowScrollButtonsMobile aria-label="Sports" sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 0.5 } }}>
          {SPORT_TABS.map((sport) => (
            <Tab key={sport.eid} value={sport.eid} label={sport.ename} />
          ))}
        </Tabs>
        <SportMatchTable key={tab} etid={tab} />
        <Box sx={{ px: 1.5, py: 0.75, borderTop: 1, borderColor: 'divider', textAlign: 'right' }}>
          <Link component={RouterLink} to={`/all-sports/${tab}`} underline="hover" sx={{ fontSize: 13 }}>
            All {SPORT_TABS.find((sport) => sport.eid === tab)?.ename} matches
          </Link>
        </Box>
      </Paper>
      <HomeCasinoGrid onDemo={signInDemo} />
    </Box>
  );
}
