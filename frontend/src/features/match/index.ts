// The match feature's public surface, used by app/ only.
export { MarketBoard, groupMarkets } from './components/market-board';
export { isBettable } from './model/bet-rules';
export { ScoreboardPanel } from './components/scoreboard';
export { LiveTv } from './components/live-tv';
export { Highlights } from './components/highlights';
export { MatchTitle } from './components/match-title';
export { BetSlip } from './components/bet-slip';
export { MyBets } from './components/my-bets';
export { useMatchLive } from './hooks/use-match-live';
export { useGameBets } from './hooks/use-game-bets';
export { useMatchStore, selectClockMs, selectFixture, selectOver, selectScoreboard } from './stores/match-store';
export { roundClock } from './model/round-clock';
export { FinalResult } from './components/final-result';
