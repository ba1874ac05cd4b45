// The cards of a casino round by hand, as the table page deals them live and the result dialogs
// show them after: one labelled row per hand (Player A, Dragon, Andar, …), cards as suit icons.
// Roulette's one "card" is the winning number on a ball of its colour. The view is chosen by the
// table's gtype; every table's hands come from the server in the order dealt.
import { Box, Typography } from '@mui/material';
import type { CardHand } from '@/types';
import { rouletteColour } from '@/utils/roulette';
import { CardRow, type PlayingCardProps } from './playing-card';

/** Card backs shown per hand before its cards are dealt. */
const SLOTS: Record<string, number> = { teen20: 3, dt20: 1, lucky7: 1, baccarat: 2, card32: 1 };

const BALL_COLOURS = { red: '#d32f2f', black: '#111', green: '#2e7d32' } as const;

export function RouletteBall({ value }: { value: string }) {
  const number = Number(value);
  const known = value !== '' && Number.isInteger(number) && number >= 0 && number <= 36;
  const colour = known ? rouletteColour(number) : null;
  return (
    <Box
      role="img"
      aria-label={known ? `${number} ${colour}` : 'wheel spinning'}
      sx={{
        width: 44,
        height: 44,
        borderRadius: '50%',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontWeight: 700,
        fontSize: 18,
        color: '#fff',
        border: '2px solid #f5b700',
        backgroundColor: colour ? BALL_COLOURS[colour] : '#333',
      }}
    >
      {known ? number : '?'}
    </Box>
  );
}

export type RoundHandsProps = {
  gtype: string;
  hands: ReadonlyArray<CardHand>;
  size?: PlayingCardProps['size'];
};

export function RoundHands({ gtype, hands, size }: RoundHandsProps) {
  if (gtype === 'roulette') {
    return <RouletteBall value={hands[0]?.cards[0] ?? ''} />;
  }
  const slots = SLOTS[gtype] ?? 0;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      {hands.map((hand) => (
        <Box key={hand.name} data-hand={hand.name} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" sx={{ minWidth: 64, fontWeight: 600 }}>
            {hand.name}
          </Typography>
          <CardRow cards={hand.cards} slots={slots} size={size} />
        </Box>
      ))}
    </Box>
  );
}
