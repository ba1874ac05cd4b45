// /all-sports/{sportId}: the home match table of one sport.
import { useParams } from 'react-router';
import { Box, Paper, Typography } from '@mui/material';
import { RaceMeetings, SportMatchTable } from '@/features/sports';
import { SPORT_TABS } from './home';
import { RACING } from './racing';

export default function AllSportsPage() {
  const sportId = Number(useParams().sportId);
  const name = SPORT_TABS.find((sport) => sport.eid === sportId)?.ename ?? 'Sport';
  // A racing sport's races are meetings, not a 1 / X / 2 table.
  const racing = RACING[sportId];
  if (racing) return <RaceMeetings key={sportId} etid={sportId} title={racing} />;
  return (
    <Paper sx={{ overflow: 'hidden' }}>
      <Box sx={{ px: 1.5, py: 1, bgcolor: 'header.main', color: 'header.contrastText' }}>
        <Typography component="h1" sx={{ fontSize: 16, fontWeight: 700 }}>
          {name}
        </Typography>
      </Box>
      <SportMatchTable key={sportId} etid={sportId} />
    </Paper>
  );
}
