// Home (spec §2): the mobile menu strip, sports tabs and the match table frame. The sports issue
// fills the table and adds the ticker and casino grid.
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Paper, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs } from '@mui/material';

const STRIP = [
  { label: 'Sports', to: '/' },
  { label: 'Our Casino', to: '/casino-list/LC/4/35' },
  { label: 'Live Casino', to: '/' },
  { label: 'Slots', to: '/' },
  { label: 'Fantasy', to: '/' },
];

const SPORT_TABS = [
  { eid: 4, ename: 'Cricket' },
  { eid: 2, ename: 'Tennis' },
  { eid: 1, ename: 'Football' },
  { eid: 8, ename: 'Table Tennis' },
];

export default function HomePage() {
  const [tab, setTab] = useState(4);
  return (
    <Box>
      <Box
        component="nav"
        aria-label="Menu strip"
        sx={{ display: { xs: 'flex', lg: 'none' }, gap: 1, overflowX: 'auto', mb: 1, pb: 0.5 }}
      >
        {STRIP.map((item) => (
          <Button key={item.label} component={RouterLink} to={item.to} variant="outlined" size="small" sx={{ flexShrink: 0 }}>
            {item.label}
          </Button>
        ))}
      </Box>
      <Paper>
        <Tabs value={tab} onChange={(_, value: number) => setTab(value)} variant="scrollable" allowScrollButtonsMobile aria-label="Sports">
          {SPORT_TABS.map((sport) => (
            <Tab key={sport.eid} value={sport.eid} label={sport.ename} />
          ))}
        </Tabs>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Matches">
            <TableHead>
              <TableRow>
                <TableCell>Game</TableCell>
                <TableCell align="center" colSpan={2}>1</TableCell>
                <TableCell align="center" colSpan={2}>X</TableCell>
                <TableCell align="center" colSpan={2}>2</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <TableRow>
                <TableCell colSpan={7} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                  No data available
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Box>
      </Paper>
    </Box>
  );
}
