// Race 20 as a track where the four kings move a step per card of their suit.
import { Box, Typography } from '@mui/material';
import { CardRow } from '@/components/playing-card';
import { raceRunners, RACE_FINISH } from '../../model/scenes';
import { selectCard, selectHands, useCasinoStore } from '../../stores/casino-store';
import { dealtCount } from './dealt-count';
import { Lane } from './race-lane';

/** The suit race: the card just opened, and the four kings on their lanes. */
export function RaceTrack() {
  const hands = useCasinoStore(selectHands);
  const card = useCasinoStore(selectCard);
  const lane = 100 / (RACE_FINISH + 1);
  const last = card.split(',').filter(Boolean).at(-1);
  return (
    <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Box data-testid="race-last-card" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="caption" sx={{ fontWeight: 700 }}>
          Opened
        </Typography>
        <CardRow key={last ?? ''} cards={last ? [last] : []} slots={1} live />
      </Box>
      <Box data-testid="round-hands" data-cards={dealtCount(hands)} sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {raceRunners(hands).map((runner) => (
          <Lane key={runner.suit} {...runner} lane={lane} />
        ))}
      </Box>
    </Box>
  );
}
