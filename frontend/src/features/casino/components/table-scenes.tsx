// Four tables drawn as their game, from the round the server pushes: Poker 20-20 as a felt
// with both hands either side of the board and the stage it is at; Race 20 as a track where
// the four kings move a step per card of their suit; Ball By Ball as a scoreboard of the over;
// the super over as each team's over, ball by ball.
// Motion is transform only (the kings slide), so the compositor draws it.
import { Box, Typography } from '@mui/material';
import { CardRow, DEAL_MOTION, RED_SUITS, SUIT_SYMBOL } from '@/components/playing-card';
import type { Suit } from '@/utils/cards';
import type { CardHand } from '@/types';
import { ballByBallOver, nextPokerStage, pokerStage, raceRunners, RACE_FINISH, type Runner } from '../model/scenes';
import { inningsScore } from '../model/super-over';
import { selectCard, selectHands, selectNextLt, selectResults, selectSeq, selectStatus, useCasinoStore } from '../stores/casino-store';

const dealtCount = (hands: ReadonlyArray<CardHand>) => hands.reduce((count, hand) => count + hand.cards.length, 0);

function PokerHand({ hand, slots }: { hand: CardHand | undefined; slots: number }) {
  return (
    <Box data-hand={hand?.name} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}>
      <Typography variant="caption" sx={{ fontWeight: 700 }}>
        {hand?.name}
      </Typography>
      <CardRow cards={hand?.cards ?? []} slots={slots} live />
    </Box>
  );
}

/** Player A and Player B either side of the board; the stage and, between stages, what comes next. */
export function PokerScene() {
  const hands = useCasinoStore(selectHands);
  const nextLt = useCasinoStore(selectNextLt);
  const board = hands.find((hand) => hand.name === 'Board');
  const open = board?.cards.length ?? 0;
  const next = nextPokerStage(open);
  const stage = pokerStage(open);
  return (
    <Box data-testid="round-hands" data-cards={dealtCount(hands)} sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, md: 2.5 }, flexWrap: 'wrap' }}>
      <PokerHand hand={hands.find((hand) => hand.name === 'Player A')} slots={2} />
      <Box data-testid="poker-board" data-stage={stage} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5, px: 1.5, py: 0.75, borderRadius: 6, border: '2px solid rgba(245,183,0,0.55)', bgcolor: 'rgba(0,0,0,0.18)' }}>
        <Typography variant="caption" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
          {nextLt > 0 && next ? `${next} in ${nextLt}` : stage === 'Hole cards' ? 'Board' : stage}
        </Typography>
        <CardRow cards={board?.cards ?? []} slots={5} live />
      </Box>
      <PokerHand hand={hands.find((hand) => hand.name === 'Player B')} slots={2} />
    </Box>
  );
}

/** Race 20's runners are named by suit (the engine's hands). */
const SUIT_OF_RUNNER: Record<string, Suit> = { Spades: 'S', Hearts: 'H', Clubs: 'C', Diamonds: 'D' };

/** One king's lane: five steps to the chequered line; the king slides a step per card of its suit. */
function Lane({ runner, lane }: { runner: Runner; lane: number }) {
  const suit = SUIT_OF_RUNNER[runner.suit];
  return (
    <Box data-testid="race-lane" data-suit={runner.suit} data-steps={runner.steps} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography variant="caption" sx={{ width: 64, fontWeight: 700 }}>
        {runner.suit}
      </Typography>
      <Box sx={{ position: 'relative', flex: 1, height: 28, borderRadius: 1, bgcolor: 'rgba(0,0,0,0.25)', backgroundImage: `repeating-linear-gradient(90deg, transparent 0 calc(${lane}% - 1px), rgba(255,255,255,0.25) calc(${lane}% - 1px) ${lane}%)` }}>
        <Box aria-hidden sx={{ position: 'absolute', right: 0, top: 0, bottom: 0, width: 10, opacity: 0.8, background: 'repeating-conic-gradient(#fff 0 25%, #111 0 50%) 0 0 / 10px 10px' }} />
        {/* The lane-wide layer moves by whole steps (a translate's % is of its own width, the lane's). */}
        <Box sx={{ position: 'absolute', inset: 0, transform: `translateX(${runner.steps * lane}%)`, transition: 'transform calc(450ms * var(--motion-scale, 1)) ease-out', '@media (prefers-reduced-motion: reduce)': { transition: 'none' } }}>
          <Box
            role="img"
            aria-label={`King of ${runner.suit.toLowerCase()}, ${runner.steps} of ${RACE_FINISH} steps${runner.finished ? ', finished' : ''}`}
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
              boxShadow: runner.finished ? '0 0 0 3px #f5b700' : 'none',
            }}
          >
            K{suit ? SUIT_SYMBOL[suit] : '?'}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

/** The suit race: the card just opened, and the four kings on their lanes. */
export function RaceTrack() {
  const hands = useCasinoStore(selectHands);
  const card = useCasinoStore(selectCard);
  const lane = 100 / (RACE_FINISH + 1);
  const last = card.split(',').filter(Boolean).at(-1);
  return (
    <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <Box data-testid="race-last-card" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="caption" sx={{ fontWeight: 700 }}>
          Opened
        </Typography>
        <CardRow key={last ?? ''} cards={last ? [last] : []} slots={1} live />
      </Box>
      <Box data-testid="round-hands" data-cards={dealtCount(hands)} sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        {raceRunners(hands).map((runner) => (
          <Lane key={runner.suit} runner={runner} lane={lane} />
        ))}
      </Box>
    </Box>
  );
}

const BALL_COLOURS: Record<string, string> = { '0': '#37474f', '4': '#2e7d32', '6': '#f5b700', W: '#c62828' };

/** One ball of an over: its mark on a coloured ball, blank before it is bowled, `?` while it is. */
export function BallMarker({ mark, pending = false }: { mark?: string; pending?: boolean }) {
  return (
    <Box
      data-ball={mark ?? ''}
      aria-label={mark ? `ball ${mark}` : pending ? 'ball being bowled' : 'ball to come'}
      sx={{
        width: 26,
        height: 26,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        fontSize: 12,
        fontWeight: 800,
        border: pending ? '2px dashed #f5b700' : '1px solid rgba(255,255,255,0.4)',
        bgcolor: mark ? (BALL_COLOURS[mark] ?? '#1e6fd0') : 'transparent',
        color: mark === '6' ? '#141414' : '#fff',
        ...(mark ? DEAL_MOTION : {}),
      }}
    >
      {mark ?? (pending ? '?' : '')}
    </Box>
  );
}

/** Ball By Ball: the card that is the ball, and the over so far, ball by ball, with its runs. */
export function BallByBallBoard() {
  const hands = useCasinoStore(selectHands);
  const seq = useCasinoStore(selectSeq);
  const status = useCasinoStore(selectStatus);
  const results = useCasinoStore(selectResults);
  const over = ballByBallOver(seq, status, results);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box data-testid="round-hands" data-cards={dealtCount(hands)}>
        <CardRow cards={hands[0]?.cards ?? []} slots={1} live />
      </Box>
      {over && (
        <Box data-testid="over-board" data-over={over.over} data-ball={over.ball} sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <Typography sx={{ fontWeight: 700, fontSize: 14 }}>
            Over {over.over} · ball {over.ball} · {over.runs} run{over.runs === 1 ? '' : 's'}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.75 }}>
            {Array.from({ length: 6 }, (_, index) => (
              <BallMarker key={`${over.over}-${index}-${over.bowled[index] ?? ''}`} mark={over.bowled[index]} pending={index === over.ball - 1 && over.bowled.length < over.ball} />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

/** The super over as a scoreboard: each team's score and its over, ball by ball. */
export function SuperOverBoard() {
  const hands = useCasinoStore(selectHands);
  return (
    <Box data-testid="round-hands" data-cards={dealtCount(hands)} sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
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
              <BallMarker key={`${index}-${ball ?? ''}`} mark={ball} />
            ))}
          </Box>
        );
      })}
    </Box>
  );
}

