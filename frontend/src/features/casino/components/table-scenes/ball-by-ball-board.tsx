// Ball By Ball as a scoreboard of the over.
import { Box, Typography } from '@mui/material';
import { CardRow } from '@/components/playing-card';
import { ballByBallOver } from '../../model/scenes';
import { selectHands, selectResults, selectSeq, selectStatus, useCasinoStore } from '../../stores/casino-store';
import { BallMarker } from './ball-marker';
import { dealtCount } from './dealt-count';

/** Ball By Ball: the card that is the ball, and the over so far, ball by ball, with its runs. */
export function BallByBallBoard() {
  const hands = useCasinoStore(selectHands);
  const seq = useCasinoStore(selectSeq);
  const status = useCasinoStore(selectStatus);
  const results = useCasinoStore(selectResults);
  const over = ballByBallOver(seq, status, results);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box data-testid="round-hands" data-cards={dealtCount(hands)}>
        <CardRow cards={hands[0]?.cards ?? []} slots={1} live />
      </Box>
      {over && (
        <Box data-testid="over-board" data-over={over.over} data-ball={over.ball} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <Typography sx={{ fontWeight: 700, fontSize: 14 }}>
            Over {over.over} · ball {over.ball} · {over.runs} run{over.runs === 1 ? '' : 's'}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.75 }}>
            {Array.from({ length: 6 }, (_, index) => (
              <BallMarker key={`${over.over}-${index}-${over.bowled[index] ?? ''}`} mark={over.bowled[index]} pending={index === over.ball - 1 && over.bowled.length < over.ball} />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
