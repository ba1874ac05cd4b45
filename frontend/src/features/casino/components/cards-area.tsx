// The table's live area (spec §2): a felt with the round's hands as they are dealt, the betting
// countdown, the round's status (betting open, dealing, result with the winner) and, once the
// player's bets are settled, what they won or lost. Each part reads only its own fields of the
// round, so a countdown tick re-renders the countdown alone. Every table is drawn as its game
// (`table-scenes`): card tables as seats on the felt, roulette as its wheel, Sic Bo's dice in
// their bowl, and Poker, Race 20, Ball By Ball and the super over as their own scenes.
import { Box, Typography } from '@mui/material';
import { styled } from '@mui/material/styles';
import { roundOutcome } from '../model/outcome';
import { BETTING_SECONDS, drawsMotion, winnerOf } from '../model/round';
import { selectLt, selectMotionScale, selectNextLt, selectRdesc, selectRemark, selectStatus, useCasinoStore, useShownBets } from '../stores/casino-store';
import { BallByBallBoard, DiceBowl, FeltHands, PokerScene, RaceTrack, RouletteWheel, SuperOverBoard } from './table-scenes';

/** The pause before each of a staged table's stages (`STAGE_PAUSE_MS` of the engine), in seconds. */
const STAGE_SECONDS = 3;

/** The ring's circle in a 44-unit box (as MUI's progress draws it), 4 units thick. */
const RING_R = 20;
const RING_LENGTH = 2 * Math.PI * RING_R;

/** The countdown's ring, built once: the seconds left are a dash offset and a tone attribute, so
 * a tick re-renders plain elements (no style serialised) and repaints the ring alone. */
const Ring = styled('div')(({ theme }) => ({
  position: 'relative',
  width: 64,
  height: 64,
  flexShrink: 0,
  color: theme.palette.success.light,
  '&[data-tone="warning"]': { color: theme.palette.warning.main },
  '&[data-tone="stage"]': { color: theme.palette.info.light },
  '& > svg': { display: 'block', width: 64, height: 64, transform: 'rotate(-90deg)' },
  '& circle': { fill: 'none', strokeWidth: 4 },
  '& circle:first-of-type': { stroke: 'rgba(255,255,255,0.15)' },
  '& circle + circle': { stroke: 'currentColor', strokeDasharray: RING_LENGTH.toFixed(3) },
  '& > span': { position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', fontSize: 22, fontWeight: 800, color: '#fff', fontVariantNumeric: 'tabular-nums' },
}));

function Countdown() {
  const lt = useCasinoStore(selectLt);
  const nextLt = useCasinoStore(selectNextLt);
  // Between a staged table's stages (poker's flop, turn and river) the ring counts to the next.
  const shown = nextLt > 0 ? nextLt : lt;
  const value = Math.min(100, (shown / (nextLt > 0 ? STAGE_SECONDS : BETTING_SECONDS)) * 100);
  const tone = nextLt > 0 ? 'stage' : lt > 5 ? 'open' : 'warning';
  return (
    <Ring data-testid="countdown" data-lt={lt} data-next-lt={nextLt} data-tone={tone} role="timer" aria-label={nextLt > 0 ? `${nextLt} seconds to the next stage` : `${lt} seconds left`}>
      <svg viewBox="22 22 44 44" aria-hidden>
        <circle cx={44} cy={44} r={RING_R} />
        <circle cx={44} cy={44} r={RING_R} style={{ strokeDashoffset: `${(((100 - value) / 100) * RING_LENGTH).toFixed(3)}px` }} />
      </svg>
      <span>{shown}</span>
    </Ring>
  );
}

function RoundStatusLine() {
  const status = useCasinoStore(selectStatus);
  const rdesc = useCasinoStore(selectRdesc);
  const remark = useCasinoStore(selectRemark);
  let text = 'Waiting for the round…';
  let color = 'text.secondary';
  if (remark) {
    text = remark;
    color = 'warning.light';
  } else if (status === 'OPEN') {
    text = 'Place your bets';
    color = 'success.light';
  } else if (status === 'SUSPENDED') {
    text = 'Betting closed: dealing';
    color = 'warning.light';
  } else if (status === 'RESULT') {
    text = `Winner: ${winnerOf(rdesc)}`;
    color = 'primary.main';
  }
  const details = status === 'RESULT' ? rdesc.split('|').slice(1).map((part) => part.trim()).filter(Boolean) : [];
  return (
    <Box data-testid="round-status" data-status={status ?? ''} aria-live="polite" sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 800, fontSize: 15, color }}>{text}</Typography>
      {details.length > 0 && <Typography sx={{ fontSize: 12, color: 'rgba(255,255,255,0.8)' }}>{details.join(' · ')}</Typography>}
    </Box>
  );
}

/** What the player's settled bets came to (the last round's, until the next bet). */
function RoundOutcomeBanner() {
  const shown = useShownBets();
  const outcome = roundOutcome(shown?.bets ?? []);
  if (!outcome) return null;
  const colours = { won: '#2e7d32', lost: '#c62828', even: '#455a64' } as const;
  return (
    <Box data-testid="round-outcome" data-kind={outcome.kind} data-amount={outcome.amount} data-round={shown?.mid} role="status" sx={{ ml: { md: 'auto' }, px: 1.5, py: 0.5, borderRadius: 5, bgcolor: colours[outcome.kind], color: '#fff', fontWeight: 800, fontSize: { xs: 14, md: 16 }, boxShadow: '0 2px 6px rgba(0,0,0,0.4)', whiteSpace: 'nowrap' }}>
      {outcome.text}
    </Box>
  );
}

/** The table drawn as its game where it has its own scene; cards by hand otherwise. */
function Scene({ gtype }: { gtype: string }) {
  switch (gtype) {
    case 'superover':
      return <SuperOverBoard />;
    case 'poker20':
      return <PokerScene />;
    case 'race20':
      return <RaceTrack />;
    case 'ballbyball':
      return <BallByBallBoard />;
    case 'roulette':
      return <RouletteWheel />;
    case 'sicbo':
      return <DiceBowl />;
    default:
      return <FeltHands gtype={gtype} />;
  }
}

export function CardsArea({ gtype }: { gtype: string }) {
  const scale = useCasinoStore(selectMotionScale);
  return (
    <Box
      data-testid="table-felt"
      data-motion-scale={scale}
      data-motion={drawsMotion(scale) ? 'on' : 'off'}
      // An inline custom property: a new scale changes one value, not the felt's style class.
      style={{ ['--motion-scale' as string]: String(scale) }}
      sx={{
        p: { xs: 1, md: 1.5 },
        position: 'relative',
        isolation: 'isolate',
        borderBottom: '8px solid #4a2c14',
        borderRadius: { xs: '0 0 40px 40px / 0 0 16px 16px', md: '0 0 160px 160px / 0 0 36px 36px' },
        // The cloth (its gradient and its 40 px blurred inner shadow, costly to raster) is a layer
        // of its own behind the table, rastered once: the countdown, the status and the scene
        // changing many times a round redraw themselves, not the cloth under them. Its corners are
        // the felt's inner ones (the outer radii less the 8 px bottom border).
        '&::before': {
          content: '""',
          position: 'absolute',
          inset: 0,
          zIndex: -1,
          pointerEvents: 'none',
          borderRadius: { xs: '0 0 40px 40px / 0 0 8px 8px', md: '0 0 160px 160px / 0 0 28px 28px' },
          background: 'radial-gradient(ellipse at 50% 30%, #217a4c 0%, #135a35 55%, #0b3a22 100%)',
          boxShadow: 'inset 0 0 40px rgba(0,0,0,0.45)',
          willChange: 'transform',
        },
        color: '#fff',
        display: 'flex',
        flexDirection: 'column',
        gap: { xs: 1, md: 1.5 },
        minHeight: { xs: 220, md: 260 },
        // A table too fast for its motions to be seen (`drawsMotion`) shows each state as it
        // comes: every motion of the scene is one rule (`animation`, `transition`) in it.
        '&[data-motion="off"] *': { animation: 'none !important', transition: 'none !important' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Countdown />
        <RoundStatusLine />
        <RoundOutcomeBanner />
      </Box>
      {/* The scene's motions are clipped to it (paint containment): the compositor cannot bound a
          turning or flying layer, so without the clip every later part of the page (the betting
          table) went onto layers of its own while a motion ran and was drawn again after it. */}
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', pb: { xs: 1, md: 2 }, contain: 'paint' }}>
        <Scene gtype={gtype} />
      </Box>
    </Box>
  );
}
