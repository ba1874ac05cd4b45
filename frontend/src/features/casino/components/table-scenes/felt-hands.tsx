// A card table's felt: each hand a seat with its name and its cards at a readable size, dealt as
// they arrive; once the round is resulted the winning seat is lit. One component for every card
// table without a scene of its own (the hands and their card slots come from the round).
import { memo } from 'react';
import { Box, Typography, useMediaQuery, useTheme } from '@mui/material';
import { CardRow, type PlayingCardProps } from '@/components/playing-card';
import { slotsOf } from '@/components/round-hands';
import type { CardHand } from '@/types';
import { winnerOf } from '../../model/round';
import { winningHands } from '../../model/scenes';
import { selectHands, selectRdesc, selectStatus, useCasinoStore } from '../../stores/casino-store';
import { dealtCount } from './dealt-count';

const NO_WINNERS: ReadonlySet<string> = new Set();

/** Hands that take many cards (Andar Bahar's rows) are dealt small; many seats shrink on phones. */
function cardSize(gtype: string, hand: CardHand, seats: number, narrow: boolean): PlayingCardProps['size'] {
  if (gtype === 'ab20' && hand.name !== 'Joker') return 'small';
  if (narrow) return seats > 2 ? 'small' : 'medium';
  return seats > 4 ? 'medium' : 'large';
}

type SeatProps = { gtype: string; hand: CardHand; seats: number; won: boolean; narrow: boolean };

/** Same hand: each round update brings new hand objects, mostly with the same cards. */
function sameSeat(a: SeatProps, b: SeatProps): boolean {
  return a.gtype === b.gtype && a.seats === b.seats && a.won === b.won && a.narrow === b.narrow && a.hand.name === b.hand.name && a.hand.cards.length === b.hand.cards.length && a.hand.cards.every((card, index) => card === b.hand.cards[index]);
}

/** A seat renders only when its cards or its winning change. */
const Seat = memo(function Seat({ gtype, hand, seats, won, narrow }: SeatProps) {
  const wide = gtype === 'ab20' && hand.name !== 'Joker';
  return (
    <Box
      data-hand={hand.name}
      data-winner={won ? 'true' : 'false'}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 0.5,
        px: { xs: 0.75, md: 1.25 },
        py: 0.75,
        borderRadius: 2,
        border: '2px solid',
        borderColor: won ? '#f5b700' : 'rgba(255,255,255,0.18)',
        bgcolor: won ? 'rgba(245,183,0,0.16)' : 'rgba(0,0,0,0.14)',
        boxShadow: won ? '0 0 14px rgba(245,183,0,0.55)' : 'none',
        flex: wide ? '1 1 100%' : '0 0 auto',
        minWidth: 0,
      }}
    >
      <Typography sx={{ fontSize: { xs: 12, md: 13 }, fontWeight: 800, letterSpacing: 0.5, textTransform: 'uppercase', color: won ? '#ffd54f' : 'rgba(255,255,255,0.85)' }}>
        {hand.name}
        {won && ' · Winner'}
      </Typography>
      <CardRow cards={hand.cards} slots={slotsOf(gtype, hand.name)} size={cardSize(gtype, hand, seats, narrow)} live />
    </Box>
  );
}, sameSeat);

export function FeltHands({ gtype }: { gtype: string }) {
  const hands = useCasinoStore(selectHands);
  const status = useCasinoStore(selectStatus);
  const rdesc = useCasinoStore(selectRdesc);
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  const winners = status === 'RESULT' ? winningHands(winnerOf(rdesc), hands.map((hand) => hand.name)) : NO_WINNERS;
  return (
    <Box data-testid="round-hands" data-cards={dealtCount(hands)} sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', alignItems: 'flex-start', gap: { xs: 0.75, md: 1.5 }, width: '100%' }}>
      {hands.map((hand) => (
        <Seat key={hand.name} gtype={gtype} hand={hand} seats={hands.length} won={winners.has(hand.name)} narrow={narrow} />
      ))}
    </Box>
  );
}
