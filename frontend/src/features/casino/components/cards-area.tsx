// The table's live area (spec §2): the round's hands as they are dealt, the betting countdown and
// the round's status (betting open, dealing, result with the winner). Each part reads only its
// own fields of the round, so a countdown tick re-renders the countdown alone. The super over is
// drawn as a scoreboard with each team's over ball by ball.
import { Box, CircularProgress, Typography, useMediaQuery, useTheme } from '@mui/material';
import { RoundHands } from '@/components/round-hands';
import { DEAL_MOTION } from '@/components/playing-card';
import { BETTING_SECONDS, winnerOf } from '../model/round';
import { inningsScore } from '../model/super-over';
import { selectHands, selectLt, selectRdesc, selectRemark, selectStatus, selectTickMs, useCasinoStore } from '../stores/casino-store';

/**
 * The ring glides to the next second over a second when the table runs at real time; when
 * updates come faster than this apart (a fast test table), it steps, which costs no repaint
 * between updates.
 */
const GLIDE_TICK_MS_MIN = 500;

function Countdown() {
  const lt = useCasinoStore(selectLt);
  const tickMs = useCasinoStore(selectTickMs);
  const glide = (tickMs ?? 1000) >= GLIDE_TICK_MS_MIN;
  const value = Math.min(100, (lt / BETTING_SECONDS) * 100);
  return (
    <Box data-testid="countdown" data-lt={lt} role="timer" aria-label={`${lt} seconds left`} sx={{ position: 'relative', width: 64, height: 64, flexShrink: 0 }}>
      <CircularProgress variant="determinate" value={100} size={64} thickness={4} sx={{ position: 'absolute', color: 'rgba(255,255,255,0.15)' }} />
      <CircularProgress
        variant="determinate"
        value={value}
        size={64}
        thickness={4}
        sx={{ position: 'absolute', color: lt > 5 ? 'success.light' : 'warning.main', '& .MuiCircularProgress-circle': { transition: glide ? 'stroke-dashoffset 1000ms linear' : 'none' } }}
      />
      <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', fontSize: 22, fontWeight: 800, color: '#fff', fontVariantNumeric: 'tabular-nums' }}>{lt}</Box>
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

const BALL_COLOURS: Record<string, string> = { '0': '#37474f', '4': '#2e7d32', '6': '#f5b700', W: '#c62828' };

/** The super over as a scoreboard: each team's score and its over, ball by ball. */
function SuperOverBoard() {
  const hands = useCasinoStore(selectHands);
  return (
    <Box data-testid="round-hands" data-cards={hands.reduce((count, hand) => count + hand.cards.length, 0)} sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
      {hands.map((hand) => {
        const score = inningsScore(hand.cards);
        return (
          <Box key={hand.name} data-testid="innings" data-team={hand.name} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography sx={{ width: 140, fontWeight: 700, fontSize: 14 }}>
              {hand.name} {score.runs}/{score.wickets}
              <Box component="span" sx={{ fontWeight: 400, fontSize: 12, ml: 0.5 }}>
                ({score.balls.length})
              </Box>
            </Typography>
            {Array.from({ length: 6 }, (_, index) => score.balls[index]).map((ball, index) => (
              <Box
                key={`${index}-${ball ?? ''}`}
                data-ball={ball ?? ''}
                sx={{
                  width: 26,
                  height: 26,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  fontSize: 12,
                  fontWeight: 800,
                  border: '1px solid rgba(255,255,255,0.4)',
                  bgcolor: ball ? (BALL_COLOURS[ball] ?? '#1e6fd0') : 'transparent',
                  color: ball === '6' ? '#141414' : '#fff',
                  ...(ball ? DEAL_MOTION : {}),
                }}
              >
                {ball ?? ''}
              </Box>
            ))}
          </Box>
        );
      })}
    </Box>
  );
}

export function CardsArea({ gtype }: { gtype: string }) {
  return (
    <Box
      sx={{
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
      {gtype === 'superover' ? <SuperOverBoard /> : <Hands gtype={gtype} />}
    </Box>
  );
}
