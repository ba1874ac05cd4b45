// Poker 20-20 as a felt: both hands either side of the board and the stage it is at.
import { Box, Typography } from '@mui/material';
import { CardRow } from '@/components/playing-card';
import { nextPokerStage, pokerStage } from '../../model/scenes';
import { selectHands, selectNextLt, useCasinoStore } from '../../stores/casino-store';
import { dealtCount } from './dealt-count';
import { PokerHand } from './poker-hand';

/** Player A and Player B either side of the board; the stage and, between stages, what comes next. */
export function PokerScene() {
  const hands = useCasinoStore(selectHands);
  const nextLt = useCasinoStore(selectNextLt);
  const board = hands.find((hand) => hand.name === 'Board');
  const open = board?.cards.length ?? 0;
  const next = nextPokerStage(open);
  const stage = pokerStage(open);
  return (
    <Box data-testid="round-hands" data-cards={dealtCount(hands)} sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, md: 2.5 }, flexWrap: 'wrap' }}>
      <PokerHand hand={hands.find((hand) => hand.name === 'Player A')} slots={2} />
      <Box data-testid="poker-board" data-stage={stage} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, px: 1.5, py: 0.75, borderRadius: 6, border: '2px solid rgba(245,183,0,0.55)', bgcolor: 'rgba(0,0,0,0.18)' }}>
        <Typography variant="caption" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
          {nextLt > 0 && next ? `${next} in ${nextLt}` : stage === 'Hole cards' ? 'Board' : stage}
        </Typography>
        <CardRow cards={board?.cards ?? []} slots={5} live />
      </Box>
      <PokerHand hand={hands.find((hand) => hand.name === 'Player B')} slots={2} />
    </Box>
  );
}
