// The table's live area (spec §2): the round's hands as they are dealt, the betting countdown and
// the round's status (betting open, dealing, result with the winner). Each part reads only its
// own fields of the round, so a countdown tick re-renders the countdown alone. Poker, Race 20,
// Ball By Ball and the super over are drawn as their game (`table-scenes`).
import { Box, CircularProgress, Typography, useMediaQuery, useTheme } from '@mui/material';
import { RoundHands } from '@/components/round-hands';
import { BETTING_SECONDS, winnerOf } from '../model/round';
import { selectHands, selectLt, selectMotionScale, selectNextLt, selectRdesc, selectRemark, selectStatus, useCasinoStore } from '../stores/casino-store';
import { BallByBallBoard, PokerScene, RaceTrack, SuperOverBoard } from './table-scenes';

/** The pause before each of a staged table's stages (`STAGE_PAUSE_MS` of the engine), in seconds. */
const STAGE_SECONDS = 3;

function Countdown() {
  const lt = useCasinoStore(selectLt);
  const nextLt = useCasinoStore(selectNextLt);
  // Between a staged table's stages (poker's flop, turn and river) the ring counts to the next.
  const shown = nextLt > 0 ? nextLt : lt;
  const value = Math.min(100, (shown / (nextLt > 0 ? STAGE_SECONDS : BETTING_SECONDS)) * 100);
  return (
    <Box data-testid="countdown" data-lt={lt} data-next-lt={nextLt} role="timer" aria-label={nextLt > 0 ? `${nextLt} seconds to the next stage` : `${lt} seconds left`} sx={{ position: 'relative', width: 64, height: 64, flexShrink: 0 }}>
      <CircularProgress variant="determinate" value={100} size={64} thickness={4} sx={{ position: 'absolute', color: 'rgba(255,255,255,0.15)' }} />
      <CircularProgress
        variant="determinate"
        value={value}
        size={64}
        thickness={4}
        sx={{ position: 'absolute', color: nextLt > 0 ? 'info.light' : lt > 5 ? 'success.light' : 'warning.main', '& .MuiCircularProgress-circle': { transition: 'none' } }}
      />
      <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', fontSize: 22, fontWeight: 800, color: '#fff', fontVariantNumeric: 'tabular-nums' }}>{shown}</Box>
    </Box>
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

/** Andar Bahar deals up to 49 cards; small screens also shrink tables of more than two hands. */
function useSmallCards(gtype: string, handCount: number): boolean {
  const narrow = useMediaQuery(useTheme().breakpoints.down('md'), { noSsr: true });
  return gtype === 'ab20' || (narrow && handCount > 2);
}

function Hands({ gtype }: { gtype: string }) {
  const hands = useCasinoStore(selectHands);
  const small = useSmallCards(gtype, hands.length);
  return (
    <Box data-testid="round-hands" data-cards={hands.reduce((count, hand) => count + hand.cards.length, 0)}>
      <RoundHands gtype={gtype} hands={hands} size={small ? 'small' : 'medium'} live />
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
    default:
      return <Hands gtype={gtype} />;
  }
}

export function CardsArea({ gtype }: { gtype: string }) {
  const scale = useCasinoStore(selectMotionScale);
  return (
    <Box
      data-motion-scale={scale}
      sx={{
        '--motion-scale': String(scale),
        p: { xs: 1, md: 1.5 },
        background: 'radial-gradient(ellipse at 50% 0%, #1f6b44 0%, #0f3d27 70%, #0b2e1d 100%)',
        color: '#fff',
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        alignItems: { md: 'center' },
        gap: { xs: 1.25, md: 3 },
        minHeight: { xs: 150, md: 130 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: { md: 280 }, flexShrink: 0 }}>
        <Countdown />
        <RoundStatusLine />
      </Box>
      <Scene gtype={gtype} />
    </Box>
  );
}
