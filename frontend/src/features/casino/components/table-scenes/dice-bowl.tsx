// Sic Bo's three dice in their bowl, at a readable size; each tumbles to its face as it is thrown.
import { Box } from '@mui/material';
import { Die } from '@/components/round-hands';
import { selectHands, useCasinoStore } from '../../stores/casino-store';
import { dealtCount } from './dealt-count';

const UNTHROWN = ['Die 1', 'Die 2', 'Die 3'].map((name) => ({ name, cards: [] as string[] }));

export function DiceBowl() {
  const hands = useCasinoStore(selectHands);
  const dice = hands.length > 0 ? hands : UNTHROWN;
  return (
    <Box data-testid="round-hands" data-cards={dealtCount(hands)} sx={{ display: 'flex', justifyContent: 'center', width: '100%' }}>
      <Box data-testid="dice" sx={{ display: 'flex', gap: { xs: 1.5, md: 2.5 }, px: { xs: 2.5, md: 4 }, py: { xs: 1.5, md: 2 }, borderRadius: '50%', bgcolor: 'rgba(255,255,255,0.08)', border: '3px solid rgba(212,175,55,0.7)', boxShadow: 'inset 0 4px 14px rgba(0,0,0,0.5)' }}>
        {dice.map((hand) => (
          <Die key={`${hand.name}-${hand.cards[0] ?? ''}`} value={hand.cards[0] ?? ''} live size={56} />
        ))}
      </Box>
    </Box>
  );
}
