// The casino game page (spec §2): title bar, the live cards area with the countdown, the table's
// bets, the last results and (roulette) the statistics; on the right the place-bet panel and My
// Bet. Under 1200 px the page has two tabs, Game and Placed Bet (n), and the slip is a bottom
// sheet.
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Box, Paper, Tab, Tabs, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useGameButtons } from '@/features/button-values';
import { BettingTable, CardsArea, CasinoBetSlip, CasinoHeader, MyRoundBets, ResultsStrip, RouletteStats, useCasinoLive, useRoundBetCount, useRoundBets, useTableUnavailable } from '@/features/casino';

type TabId = 'game' | 'bets';

function GameColumn({ gtype }: { gtype: string }) {
  const unavailable = useTableUnavailable();
  if (unavailable) {
    return (
      <Paper sx={{ overflow: 'hidden' }}>
        <CasinoHeader gtype={gtype} />
        <Typography sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>No data available</Typography>
      </Paper>
    );
  }
  return (
    <Paper sx={{ overflow: 'hidden' }}>
      <CasinoHeader gtype={gtype} />
      <CardsArea gtype={gtype} />
      <BettingTable />
      <ResultsStrip gtype={gtype} />
      {gtype === 'roulette' && <RouletteStats />}
    </Paper>
  );
}

function NarrowLayout({ game, slip }: { game: ReactNode; slip: ReactNode }) {
  const [tab, setTab] = useState<TabId>('game');
  const count = useRoundBetCount();
  return (
    <Box>
      <Tabs value={tab} onChange={(_, value: TabId) => setTab(value)} variant="fullWidth" aria-label="Casino tabs" sx={{ minHeight: 40, mb: 1, bgcolor: 'background.paper', borderRadius: 1, '& .MuiTab-root': { minHeight: 40, py: 0.5 } }}>
        <Tab value="game" label="Game" />
        <Tab value="bets" label={`Placed Bet (${count})`} />
      </Tabs>
      {tab === 'game' ? game : <MyRoundBets />}
      {slip}
    </Box>
  );
}

/** Keeps My Bet fed. Its own component: it follows the round id, and a new round (every 1.5 s
 * at a test's ×20) should re-render My Bet, not the whole page. */
function RoundBetsFeed() {
  useRoundBets();
  return null;
}

export default function CasinoPage() {
  const gtype = useParams().gameId ?? '';
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const buttons = useGameButtons('casino');
  useCasinoLive(gtype);

  const game = <GameColumn gtype={gtype} />;
  const slip = <CasinoBetSlip buttons={buttons} sheet={!wide} />;
  return (
    <>
      <RoundBetsFeed />
      {wide ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>{game}</Box>
          <Box component="aside" sx={{ width: 320, flexShrink: 0, position: 'sticky', top: 64 }}>
            {slip}
            <MyRoundBets />
          </Box>
        </Box>
      ) : (
        <NarrowLayout game={game} slip={slip} />
      )}
    </>
  );
}
