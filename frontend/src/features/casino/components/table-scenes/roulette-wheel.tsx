// Roulette as a wheel: a European wheel (37 pockets in the wheel's order) that turns while the
// ball is spun and comes to rest with the winning pocket under the marker, the ball landing in
// it; beside it the number in its colour. Every motion is a CSS transform (the compositor draws
// it; no React render per frame) lasting its time × `--motion-scale`, none under reduced motion.
// The wheel moves only while it lands (no endless spin while the ball runs): a turning layer is
// redrawn every frame by a software compositor, so motion is kept to the moment that tells.
import { memo } from 'react';
import { Box, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';
import { rouletteColour } from '@/utils/roulette';
import { WHEEL_LAND_MS } from '../../model/round';
import { WHEEL_ORDER, wheelAngle } from '../../model/scenes';
import { selectHands, selectStatus, useCasinoStore } from '../../stores/casino-store';

const POCKET_DEG = 360 / WHEEL_ORDER.length;
const COLOURS = { red: '#c62828', black: '#161616', green: '#2e7d32' } as const;

const FACE_GRADIENT = `conic-gradient(from ${-POCKET_DEG / 2}deg, ${WHEEL_ORDER.map((n, i) => `${COLOURS[rouletteColour(n)]} ${i * POCKET_DEG}deg ${(i + 1) * POCKET_DEG}deg`).join(', ')})`;

/** The wheel turns three times more and stops at `--wheel-to`. */
const LAND = {
  animation: `exchange-wheel-land calc(${WHEEL_LAND_MS}ms * var(--motion-scale, 1)) cubic-bezier(0.15, 0.6, 0.25, 1) both`,
  '@keyframes exchange-wheel-land': { from: { transform: 'rotate(calc(var(--wheel-to) - 1080deg))' }, to: { transform: 'rotate(var(--wheel-to))' } },
} as const;

/** The ball runs the other way round the rim and drops into the pocket at the top. */
const BALL_RUN = {
  animation: `exchange-ball-run calc(${WHEEL_LAND_MS}ms * var(--motion-scale, 1)) cubic-bezier(0.2, 0.7, 0.3, 1) both`,
  '@keyframes exchange-ball-run': { from: { transform: 'rotate(1440deg) translateY(-10px)' }, '80%': { transform: 'rotate(30deg) translateY(-8px)' }, to: { transform: 'rotate(0deg) translateY(0)' } },
} as const;

const NO_MOTION = { '@media (prefers-reduced-motion: reduce)': { animation: 'none' } } as const;

/** The turning layer: one element for every state (a new one would redraw the face's 37
 * numbers); it lands by an animation its `data-landed` attribute starts, at `--wheel-to`. It
 * stays a layer of its own, so the face is rastered once and every turn is the compositor's. */
const Rotor = styled('div')({
  position: 'absolute',
  inset: 0,
  transform: 'rotate(var(--wheel-to))',
  willChange: 'transform',
  '@keyframes exchange-wheel-land': LAND['@keyframes exchange-wheel-land'],
  '&[data-landed="true"]': { animation: LAND.animation },
  '@media (prefers-reduced-motion: reduce)': { '&[data-landed="true"]': { animation: 'none' } },
});

/** The wheel's painted face with its numbers: drawn once, turned by its parent. */
const WheelFace = memo(function WheelFace() {
  return (
    <Box sx={{ position: 'absolute', inset: 0, borderRadius: '50%', background: FACE_GRADIENT, border: '6px solid #5d3a1a', boxShadow: 'inset 0 0 0 2px #d4af37' }}>
      {WHEEL_ORDER.map((n, i) => (
        <Box
          key={n}
          component="span"
          sx={{ position: 'absolute', left: '50%', top: '50%', width: 16, ml: '-8px', mt: '-6px', textAlign: 'center', fontSize: 8.5, fontWeight: 700, color: '#fff', lineHeight: '12px', transform: `rotate(${i * POCKET_DEG}deg) translateY(calc(var(--wheel-r) * -1 + 12px))` }}
        >
          {n}
        </Box>
      ))}
      <Box sx={{ position: 'absolute', inset: '26%', borderRadius: '50%', background: 'radial-gradient(circle, #d4af37 0 16%, #7a4a1f 17% 60%, #3e2410 61%)', boxShadow: '0 0 0 3px #d4af37' }} />
    </Box>
  );
});

export function RouletteWheel() {
  const hands = useCasinoStore(selectHands);
  const status = useCasinoStore(selectStatus);
  const value = hands[0]?.cards[0] ?? '';
  const number = Number(value);
  const known = value !== '' && Number.isInteger(number) && number >= 0 && number <= 36;
  const spinning = !known && status === 'SUSPENDED';
  const colour = known ? rouletteColour(number) : null;
  return (
    <Box data-testid="round-hands" data-cards={known ? 1 : 0} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: { xs: 2, md: 4 }, width: '100%' }}>
      <Box
        data-testid="roulette-wheel"
        data-state={known ? 'landed' : spinning ? 'spinning' : 'at rest'}
        sx={{ position: 'relative', width: { xs: 150, md: 188 }, height: { xs: 150, md: 188 }, flexShrink: 0, '--wheel-r': { xs: '69px', md: '88px' } }}
      >
        <Rotor data-testid="wheel-rotor" data-landed={known ? 'true' : 'false'} style={{ ['--wheel-to' as string]: `${known ? wheelAngle(number) : 0}deg` }}>
          <WheelFace />
        </Rotor>
        {known && (
          <Box key={`ball-${value}`} aria-hidden sx={{ position: 'absolute', inset: 0, ...BALL_RUN, ...NO_MOTION }}>
            <Box sx={{ position: 'absolute', left: '50%', top: 22, width: 12, height: 12, ml: '-6px', borderRadius: '50%', bgcolor: '#fafafa', boxShadow: '0 1px 3px rgba(0,0,0,0.7)' }} />
          </Box>
        )}
        <Box aria-hidden sx={{ position: 'absolute', left: '50%', top: -4, ml: '-7px', width: 0, height: 0, borderLeft: '7px solid transparent', borderRight: '7px solid transparent', borderTop: '12px solid #f5b700' }} />
      </Box>
      <Box data-testid="roulette-number" data-number={known ? number : ''} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, minWidth: 84 }}>
        <Box
          role="img"
          aria-label={known ? `${number} ${colour}` : spinning ? 'wheel spinning' : 'wheel at rest'}
          sx={{ width: { xs: 56, md: 68 }, height: { xs: 56, md: 68 }, borderRadius: '50%', display: 'grid', placeItems: 'center', fontSize: { xs: 24, md: 30 }, fontWeight: 900, color: '#fff', bgcolor: colour ? COLOURS[colour] : 'rgba(0,0,0,0.35)', border: '3px solid #f5b700' }}
        >
          {known ? number : ''}
        </Box>
        <Typography sx={{ fontSize: 13, fontWeight: 700, textTransform: 'capitalize', color: 'rgba(255,255,255,0.85)' }}>{known ? colour : spinning ? 'Spinning' : 'No spin yet'}</Typography>
      </Box>
    </Box>
  );
}
