// The live graphic of a match (spec §7 "live graphic URL"): a page of its own with just the live
// tracker, fed like the match page (the match topic, or the poll while the socket is down), for
// an iframe or a second screen.
import { useParams } from 'react-router';
import { Box, Typography } from '@mui/material';
import { selectFixture, selectOver, selectScoreboard, useMatchLive, useMatchStore } from '@/features/match';
import { MatchTracker } from '@/features/tracker';

export default function GraphicPage() {
  const params = useParams();
  const gmid = Number(params.gameId);
  const fixture = useMatchStore(selectFixture);
  const scoreboard = useMatchStore(selectScoreboard);
  const over = useMatchStore(selectOver);
  useMatchLive({ etid: fixture?.etid ?? 0, gmid, source: 'matchstate', pollMs: 1000 });
  return (
    <Box sx={{ p: 1, maxWidth: 720, mx: 'auto' }}>
      {fixture && (
        <Typography component="h1" sx={{ fontSize: 14, fontWeight: 700, mb: 1 }}>
          {fixture.ename}
        </Typography>
      )}
      {scoreboard?.tracker ? (
        <MatchTracker scoreboard={scoreboard} etid={fixture?.etid} />
      ) : (
        <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>{over ? over.message : 'No live graphic for this match yet.'}</Typography>
      )}
    </Box>
  );
}
