// The cards of a casino round by hand, as the table page deals them live and the result dialogs
// show them after: one labelled row per hand (Player A, Dragon, Andar, …), cards as suit icons.
// Roulette's one "card" is the winning number on a ball of its colour; Sic Bo's three are dice. The view is chosen by the
// table's gtype; every table's hands come from the server in the order dealt.
import { memo } from 'react';
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

export function slotsOf(gtype: string, hand: string): number {
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

/** A die thrown on a live table tumbles to its face. */
const ROLL_MOTION = {
  animation: 'exchange-roll calc(650ms * var(--motion-scale, 1)) ease-out both',
  '@keyframes exchange-roll': {
    '0%': { transform: 'translate(-30px, -24px) rotate(-540deg) scale(0.5)' },
    '70%': { transform: 'translate(0, 0) rotate(20deg) scale(1.05)' },
    '100%': { transform: 'none' },
  },
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
} as const;

/** The roulette ball spirals in and lands on its number. */
const LANDING_MOTION = {
  animation: 'exchange-land calc(1100ms * var(--motion-scale, 1)) cubic-bezier(0.2, 0.7, 0.3, 1) both',
  '@keyframes exchange-land': {
    '0%': { transform: 'rotate(0deg) translateX(34px) rotate(0deg)' },
    '100%': { transform: 'rotate(1080deg) translateX(0) rotate(-1080deg)' },
  },
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
} as const;

/** One die drawn with its pips; a die not thrown yet shows blank. It renders only when its own
 * face changes (a round update that throws the next die leaves the others alone). */
export const Die = memo(function Die({ value, live = false, size = 40 }: { value: string; live?: boolean; size?: number }) {
  const face = Number(value);
  const pips = PIPS[face] ?? [];
  return (
    <Box
      role="img"
      aria-label={pips.length > 0 ? `die ${face}` : 'die not thrown'}
      data-die={pips.length > 0 ? face : ''}
      sx={{
        width: size,
        height: size,
        borderRadius: 1.5,
        bgcolor: pips.length > 0 ? '#f7f4ee' : '#333',
        border: '2px solid #c9a227',
        display: 'grid',
        gridTemplate: 'repeat(3, 1fr) / repeat(3, 1fr)',
        p: `${Math.round(size / 10)}px`,
        boxSizing: 'border-box',
        ...(live && pips.length > 0 ? ROLL_MOTION : {}),
      }}
    >
      {pips.map(([row, column]) => (
        <Box key={`${row}-${column}`} sx={{ gridRow: row, gridColumn: column, width: size / 5, height: size / 5, borderRadius: '50%', bgcolor: face === 1 ? '#c62828' : '#141414', placeSelf: 'center' }} />
      ))}
    </Box>
  );
});

const BALL_COLOURS = { red: '#d32f2f', black: '#111', green: '#2e7d32' } as const;

export function RouletteBall({ value, live = false }: { value: string; live?: boolean }) {
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
        ...(live && known ? LANDING_MOTION : {}),
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
  /** A live table: the dealing is drawn as motion (each face once, as it arrives). */
  live?: boolean;
};

export function RoundHands({ gtype, hands, size, live = false }: RoundHandsProps) {
  if (gtype === 'roulette') {
    const value = hands[0]?.cards[0] ?? '';
    return <RouletteBall key={value} value={value} live={live} />;
  }
  if (gtype === 'sicbo') {
    return (
      <Box data-testid="dice" sx={{ display: 'flex', gap: 1 }}>
        {(hands.length > 0 ? hands : [{ name: 'Die 1', cards: [] }, { name: 'Die 2', cards: [] }, { name: 'Die 3', cards: [] }]).map((hand) => (
          <Die key={`${hand.name}-${hand.cards[0] ?? ''}`} value={hand.cards[0] ?? ''} live={live} />
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
          <CardRow cards={hand.cards} slots={slotsOf(gtype, hand.name)} size={size} live={live} />
        </Box>
      ))}
    </Box>
  );
}
