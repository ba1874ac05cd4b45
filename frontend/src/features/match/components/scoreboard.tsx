import { Box, Typography } from '@mui/material';
import { selectScoreboard, useMatchStore } from '../stores/match-store';

/** Message, team scores with run rates, and the last balls (spec §3 Scoreboard). */
export function ScoreboardPanel() {
  const scoreboard = useMatchStore(selectScoreboard);
  if (!scoreboard) return null;
  return (
    <Box component="section" aria-label="Scoreboard" sx={{ mb: 1, p: 1, bgcolor: 'background.paper', borderRadius: 1, fontSize: 13 }}>
      {scoreboard.teams.map((team) => (
        <Box key={team.name} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
          <Typography sx={{ fontWeight: 700, fontSize: 13 }}>{team.name}</Typography>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline' }}>
            <Typography sx={{ fontWeight: 700, fontSize: 13 }}>{team.score}</Typography>
            {team.crr && <Typography sx={{ fontSize: 11, color: 'text.secondary' }}>CRR {team.crr}</Typography>}
            {team.rr && <Typography sx={{ fontSize: 11, color: 'text.secondary' }}>RR {team.rr}</Typography>}
          </Box>
        </Box>
      ))}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
        <Typography sx={{ fontSize: 12, color: 'primary.main' }}>{scoreboard.message}</Typography>
        {/* A cricket ball is a circle; a football goal ("3' Atletico Madrid") or a tennis point a
            pill as wide as its text, wrapping inside the box on a narrow screen. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.5, minWidth: 0, maxWidth: '100%' }} aria-label="Last balls">
          {scoreboard.balls.slice(-6).map((ball, index) => (
            <Box
              key={index}
              sx={{
                minWidth: 22,
                maxWidth: '100%',
                height: 22,
                px: ball.length > 2 ? 1 : 0,
                borderRadius: 11,
                lineHeight: '22px',
                textAlign: 'center',
                fontSize: 11,
                fontWeight: 700,
                whiteSpace: 'nowrap',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                bgcolor: ball === 'W' ? 'error.main' : ball === '4' || ball === '6' ? 'secondary.main' : 'action.selected',
              }}
            >
              {ball}
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
