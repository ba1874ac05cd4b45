import { Box, Typography } from '@mui/material';
import { CardRow } from '@/components/playing-card';
import type { CardHand } from '@/types';

/** One player's hole cards under the player's name. */
export function PokerHand({ hand, slots }: { hand: CardHand | undefined; slots: number }) {
  return (
    <Box data-hand={hand?.name} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}>
      <Typography variant="caption" sx={{ fontWeight: 700 }}>
        {hand?.name}
      </Typography>
      <CardRow cards={hand?.cards ?? []} slots={slots} live />
    </Box>
  );
}
