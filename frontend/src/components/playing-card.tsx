// Cards as a player sees them (spec §2, §5): rank and suit icon on a white face, red for hearts
// and diamonds. Card strings are parsed by `utils/cards`; invalid entries are dropped, and an
// empty slot (a card not dealt yet) shows the card's back. On a live table a card arrives as
// motion: it flies in from the shoe and turns face up (transform and opacity only, so the
// compositor draws it; none when the reader asks for reduced motion). Every motion lasts its time
// × `--motion-scale` (set by a live table from its pace: 1 at real time, 0.05 at twenty times).
import { memo } from 'react';
import { Box } from '@mui/material';
import { styled } from '@mui/material/styles';
import { parseCard, parseCards, type Suit } from '@/utils/cards';

export const SUIT_SYMBOL: Record<Suit, string> = { S: '♠', H: '♥', C: '♣', D: '♦' };
export const SUIT_NAME: Record<Suit, string> = { S: 'spades', H: 'hearts', C: 'clubs', D: 'diamonds' };
export const RED_SUITS: ReadonlySet<Suit> = new Set(['H', 'D']);

export type PlayingCardProps = {
  /** A card string (`10HH`, `KSS`); empty or null shows the card's back. */
  code?: string | null;
  size?: 'small' | 'medium' | 'large';
  /** Just dealt on a live table: the card flies in and turns over. */
  dealt?: boolean;
};

/** A card's arrival from the shoe: in from the upper right, then turned face up. */
export const DEAL_MOTION = {
  animation: 'exchange-deal calc(450ms * var(--motion-scale, 1)) ease-out both',
  '@keyframes exchange-deal': {
    '0%': { transform: 'translate(56px, -40px) scale(0.7)', opacity: 0 },
    '55%': { transform: 'translate(0, 0) rotateY(90deg)', opacity: 1 },
    '100%': { transform: 'none', opacity: 1 },
  },
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
} as const;

const SIZES = {
  small: { width: 26, height: 36, fontSize: 12 },
  medium: { width: 38, height: 52, fontSize: 16 },
  /** A live table's felt: readable across the room. */
  large: { width: 54, height: 76, fontSize: 22 },
} as const;

const { animation: DEAL_ANIMATION, '@keyframes exchange-deal': DEAL_KEYFRAMES } = DEAL_MOTION;

/** One look for every card (size, face and motion are attributes): built once, not per render. */
const Card = styled('div')({
  borderRadius: '4px',
  flexShrink: 0,
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 700,
  lineHeight: 1.05,
  boxShadow: '0 1px 2px rgba(0,0,0,0.5)',
  backgroundColor: '#fff',
  color: '#111',
  ...Object.fromEntries(Object.entries(SIZES).map(([size, dims]) => [`&[data-size="${size}"]`, dims])),
  '&[data-red="true"]': { color: '#d32f2f' },
  '&[data-back="true"]': { background: 'repeating-linear-gradient(45deg, #8b1d2c, #8b1d2c 4px, #a72a3b 4px, #a72a3b 8px)', border: '2px solid #fff' },
  '@keyframes exchange-deal': DEAL_KEYFRAMES,
  '&[data-dealt="true"]': { animation: DEAL_ANIMATION },
  '@media (prefers-reduced-motion: reduce)': { '&[data-dealt="true"]': { animation: 'none' } },
});

/** A card renders only when its own code, size or motion changes (a hand's new card leaves the
 * cards before it alone). */
export const PlayingCard = memo(function PlayingCard({ code, size = 'medium', dealt = false }: PlayingCardProps) {
  const card = code ? parseCard(code) : null;
  if (!card) return <Card role="img" aria-label="card not dealt" data-size={size} data-back="true" />;
  return (
    <Card role="img" aria-label={`${card.rank} of ${SUIT_NAME[card.suit]}`} data-card={card.code} data-size={size} data-red={RED_SUITS.has(card.suit) ? 'true' : undefined} data-dealt={dealt ? 'true' : undefined}>
      <span>{card.rank}</span>
      <span aria-hidden>{SUIT_SYMBOL[card.suit]}</span>
    </Card>
  );
});

export type CardRowProps = {
  cards: string | ReadonlyArray<string> | null | undefined;
  /** Slots to fill with card backs when fewer cards have been dealt. */
  slots?: number;
  size?: PlayingCardProps['size'];
  /** A live table: each card arrives as motion. */
  live?: boolean;
};

/** A row of cards in the order dealt, padded with backs up to `slots`. */
export function CardRow({ cards, slots = 0, size, live = false }: CardRowProps) {
  const parsed = parseCards(cards);
  const backs = Math.max(0, slots - parsed.length);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {parsed.map((card, index) => (
        <PlayingCard key={`${card.code}-${index}`} code={card.code} size={size} dealt={live} />
      ))}
      {Array.from({ length: backs }, (_, index) => (
        <PlayingCard key={`back-${index}`} size={size} />
      ))}
    </Box>
  );
}
