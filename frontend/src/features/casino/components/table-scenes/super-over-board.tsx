// The super over as each team's over, ball by ball.
import { Box, Typography } from '@mui/material';
import { inningsScore } from '../../model/super-over';
import { selectHands, useCasinoStore } from '../../stores/casino-store';
import { BallMarker } from './ball-marker';
import { dealtCount } from './dealt-count';

/** The super over as a scoreboard: each team's score and its over, ball by ball. */
export function SuperOverBoard() {
  const hands = useCasinoStore(selectHands);
  return (
    <Box data-testid="round-hands" data-cards={dealtCount(hands)} sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      {hands.map((hand) => {
        const score = inningsScore(hand.cards);
        return (
          <Box key={hand.name} data-testid="innings" data-team={hand.name} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography sx={{ width: 140, fontWeight: 700, fontSize: 14 }}>
              {hand.name} {score.runs}/{score.wickets}
              <Box component="span" sx={{ fontWeight: 400, fontSize: 12, ml: 0.5 }}>
                ({score.balls.length})
              </Box>
            </Typography>
            {Array.from({ length: 6 }, (_, index) => score.balls[index]).map((ball, index) => (
              <BallMarker key={`${index}-${ball ?? ''}`} mark={ball} />
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
