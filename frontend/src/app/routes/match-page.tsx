// The sports match page (spec §2) and its two virtual variants: markets, scoreboard, live TV,
// highlights, and on the right (a bottom sheet on small screens) the bet slip and My Bet.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Box, Button, useMediaQuery, useTheme } from '@mui/material';
import { selectUser, useSession } from '@/lib/session';
import { useGameButtons } from '@/features/button-values';
import { selectSiteConfig, useSiteConfigStore } from '@/features/site-config';
import { BetSlip, FinalResult, Highlights, LiveTv, MarketBoard, MatchTitle, MyBets, ScoreboardPanel, roundClock, selectClockMs, selectFixture, selectOver, selectScoreboard, useGameBets, useMatchLive, useMatchStore } from '@/features/match';
import { MatchTracker } from '@/features/tracker';
import { hasRole } from '../access';

const RulesDialog = lazy(() => import('@/features/rules').then((m) => ({ default: m.RulesDialog })));

export type MatchVariant = 'sports' | 'virtual-cricket' | 'cricketv';

// Spec §9: markets are polled every 1 s (game details), 3 s (virtual cricket), 5 s (cricketv)
// while the socket is down.
const FEEDS = {
  sports: { source: 'matchstate', pollMs: 1000 },
  'virtual-cricket': { source: 'matchstate', pollMs: 3000 },
  cricketv: { source: 'cricketvdata', pollMs: 5000 },
} as const;

/** The cricketv table's timer: the match clock the server pushes every second. */
function RoundTimer() {
  const fixture = useMatchStore(selectFixture);
  const clockMs = useMatchStore(selectClockMs);
  const clock = roundClock(fixture?.stime, clockMs);
  return (
    <Box component="span" role="timer" aria-label="Timer" data-testid="round-clock" data-seconds={clock ? (clock.phase === 'starts-in' ? -clock.seconds : clock.seconds) : ''} sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}>
      {clock?.text ?? '--:--'}
    </Box>
  );
}

function CricketvExtras() {
  const [rulesOpen, setRulesOpen] = useState(false);
  return (
    <>
      <RoundTimer />
      <Button size="small" color="inherit" variant="outlined" onClick={() => setRulesOpen(true)} sx={{ py: 0, minWidth: 0 }}>
        Rules
      </Button>
      {rulesOpen && (
        <Suspense fallback={null}>
          <RulesDialog open title="Cricket V Rules" type="cricketv" onClose={() => setRulesOpen(false)} actions={<Button onClick={() => setRulesOpen(false)}>Close</Button>} />
        </Suspense>
      )}
    </>
  );
}

/** The live tracker of the open match, redrawn only when its scoreboard changes. */
function LiveTracker() {
  const scoreboard = useMatchStore(selectScoreboard);
  const etid = useMatchStore((state) => state.fixture?.etid);
  return <MatchTracker scoreboard={scoreboard} etid={etid} />;
}

function Layout({ main, side, desktop }: { main: ReactNode; side: ReactNode; desktop: boolean }) {
  if (!desktop) {
    return (
      <Box>
        {main}
        {side}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>{main}</Box>
      <Box component="aside" sx={{ width: 320, flexShrink: 0, position: 'sticky', top: 64 }}>
        {side}
      </Box>
    </Box>
  );
}

export function MatchPage({ variant }: { variant: MatchVariant }) {
  const params = useParams();
  const etid = Number(params.gameEtId);
  const gmid = Number(params.gameId);
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const user = useSession(selectUser);
  const buttons = useGameButtons();
  // Match odds are an exchange unless the server books them against the house.
  const matching = useSiteConfigStore(selectSiteConfig)?.exchange_matching ?? true;
  useMatchLive({ etid, gmid, ...FEEDS[variant], matching });
  useGameBets(gmid);

  const over = useMatchStore(selectOver) !== null;
  const hasTracker = useMatchStore((state) => Boolean(state.scoreboard?.tracker));
  const televised = useMatchStore((state) => state.fixture?.tv ?? false);
  // A race's tracker stays after the finish: it shows where each runner passed the post.
  const race = useMatchStore((state) => state.scoreboard?.tracker?.sport === 'race');
  const main = (
    <>
      <MatchTitle extra={variant === 'cricketv' ? <CricketvExtras /> : undefined} />
      <ScoreboardPanel />
      <FinalResult />
      {(!over || race) && <LiveTv canWatch={hasRole(user, 'user')} televised={televised} tracker={hasTracker ? <LiveTracker /> : undefined} />}
      {!over && <MarketBoard />}
      <Highlights />
    </>
  );
  const side = (
    <>
      <BetSlip buttons={buttons} sheet={!desktop} />
      {user && <MyBets />}
    </>
  );
  return <Layout main={main} side={side} desktop={desktop} />;
}

export default function GameDetailsPage() {
  return <MatchPage variant="sports" />;
}
