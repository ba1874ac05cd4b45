// Motion is transform only (the king slides), so the compositor draws it.
import { memo } from 'react';
import { Box, Typography } from '@mui/material';
import { RED_SUITS, SUIT_SYMBOL } from '@/components/playing-card';
import type { Suit } from '@/utils/cards';
import { RACE_FINISH, type Runner } from '../../model/scenes';

/** Race 20's runners are named by suit (the engine's hands). */
const SUIT_OF_RUNNER: Record<string, Suit> = { Spades: 'S', Hearts: 'H', Clubs: 'C', Diamonds: 'D' };

/** One king's lane: five steps to the chequered line; the king slides a step per card of its suit.
 * It renders only when its king moves (each round update brings a new runner object). */
export const Lane = memo(function Lane({ suit: name, steps, finished, lane }: Runner & { lane: number }) {
  const suit = SUIT_OF_RUNNER[name];
  return (
    <Box data-testid="race-lane" data-suit={name} data-steps={steps} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="caption" sx={{ width: 64, fontWeight: 700 }}>
        {name}
      </Typography>
      <Box sx={{ position: 'relative', flex: 1, height: 28, borderRadius: 1, bgcolor: 'rgba(0,0,0,0.25)', backgroundImage: `repeating-linear-gradient(90deg, transparent 0 calc(${lane}% - 1px), rgba(255,255,255,0.25) calc(${lane}% - 1px) ${lane}%)` }}>
        <Box aria-hidden sx={{ position: 'absolute', right: 0, top: 0, bottom: 0, width: 10, opacity: 0.8, background: 'repeating-conic-gradient(#fff 0 25%, #111 0 50%) 0 0 / 10px 10px' }} />
        {/* The lane-wide layer moves by whole steps (a translate's % is of its own width, the lane's).
            It stays a layer of its own between steps: a layer made for each step's slide and
            dropped after it redrew the king and the felt under it every step. */}
        <Box style={{ transform: `translateX(${steps * lane}%)` }} sx={{ position: 'absolute', inset: 0, willChange: 'transform', transition: 'transform calc(450ms * var(--motion-scale, 1)) ease-out', '@media (prefers-reduced-motion: reduce)': { transition: 'none' } }}>
          <Box
            role="img"
            aria-label={`King of ${name.toLowerCase()}, ${steps} of ${RACE_FINISH} steps${finished ? ', finished' : ''}`}
            sx={{
              position: 'absolute',
              top: 2,
              left: 2,
              width: 24,
              height: 24,
              borderRadius: 0.75,
              display: 'grid',
              placeItems: 'center',
              fontSize: 13,
              fontWeight: 800,
              bgcolor: '#fff',
              color: suit && RED_SUITS.has(suit) ? '#d32f2f' : '#111',
              boxShadow: finished ? '0 0 0 3px #f5b700' : 'none',
            }}
          >
            K{suit ? SUIT_SYMBOL[suit] : '?'}
          </Box>
        </Box>
      </Box>
    </Box>
  );
});
