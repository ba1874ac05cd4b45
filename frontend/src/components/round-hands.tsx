// The cards of a casino round by hand, as the table page deals them live and the result dialogs
// show them after: one labelled row per hand (Player A, Dragon, Andar, …), cards as suit icons.
// Roulette's one "card" is the winning number on a ball of its colour; Sic Bo's three are dice. The view is chosen by the
// table's gtype; every table's hands come from the server in the order dealt.
import { Box, Typography } from '@mui/material';
import type { CardHand } from '@/types';
import { rouletteColour } from '@/utils/roulette';
import { CardRow, type PlayingCardProps } from './playing-card';

/** Card backs shown per hand before its cards are dealt: one count for every hand, or by hand. */
const SLOTS: Record<string, number | Record<string, number>> = {
  teen20: 3,
  dt20: 1,
  lucky7: 1,
  baccarat: 2,
  card32: 1,
  war: 1,
  // Each suit's opened cards are its king's steps to the finish at five.
  race20: 5,
  ballbyball: 1,
  worli: 3,
  '3cardj': 3,
  kbc: 5,
  lottcard: 3,
  poker20: { 'Player A': 2, 'Player B': 2, Board: 5 },
};

function slotsOf(gtype: string, hand: string): number {
  const slots = SLOTS[gtype];
  return typeof slots === 'number' ? slots : (slots?.[hand] ?? 0);
}

/** Pip positions (row, column on a 3 × 3 grid) of each die face. */
const PIPS: Record<number, ReadonlyArray<[number, number]>> = {
  1: [[2, 2]],
  2: [[1, 1], [3, 3]],
  3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [1, 3], [3, 1], [3, 3]],
  5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]],
  6: [[1, 1], [1, 3], [2, 1], [2, 3], [3, 1], [3, 3]],
};

/** One die drawn with its pips; a die not thrown yet shows blank. */
export function Die({ value }: { value: string }) {
  const face = Number(value);
  const pips = PIPS[face] ?? [];
  return (
    <Box
      role="img"
      aria-label={pips.length > 0 ? `die ${face}` : 'die not thrown'}
      data-die={pips.length > 0 ? face : ''}
      sx={{ width: 40, height: 40, borderRadius: 1.5, bgcolor: pips.length > 0 ? '#f7f4ee' : '#333', border: '2px solid #c9a227', display: 'grid', gridTemplate: 'repeat(3, 1fr) / repeat(3, 1fr)', p: '4px', boxSizing: 'border-box' }}
    >
      {pips.map(([row, column]) => (
        <Box key={`${row}-${column}`} sx={{ gridRow: row, gridColumn: column, width: 8, height: 8, borderRadius: '50%', bgcolor: face === 1 ? '#c62828' : '#141414', placeSelf: 'center' }} />
      ))}
    </Box>
  );
}

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
  if (gtype === 'sicbo') {
    return (
      <Box data-testid="dice" sx={{ display: 'flex', gap: 1 }}>
        {(hands.length > 0 ? hands : [{ name: 'Die 1', cards: [] }, { name: 'Die 2', cards: [] }, { name: 'Die 3', cards: [] }]).map((hand) => (
          <Die key={hand.name} value={hand.cards[0] ?? ''} />
        ))}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      {hands.map((hand) => (
        <Box key={hand.name} data-hand={hand.name} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" sx={{ minWidth: 64, fontWeight: 600 }}>
            {hand.name}
          </Typography>
          <CardRow cards={hand.cards} slots={slotsOf(gtype, hand.name)} size={size} />
        </Box>
      ))}
    </Box>
  );
}
