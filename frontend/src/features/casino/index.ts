// The casino feature's public surface, used by app/ only.
export { HomeCasinoGrid } from './components/home-casino-grid';
export { CasinoLobby } from './components/casino-lobby';
export { LOBBY_LINKS } from './model/lobby';
export { CasinoMenuItems } from './components/casino-menu-items';
export { CasinoHeader } from './components/casino-header';
export { CardsArea } from './components/cards-area';
export { BettingTable } from './components/betting-table';
export { ResultsStrip } from './components/results-strip';
export { RouletteStats } from './components/roulette-stats';
export { CasinoBetSlip } from './components/casino-bet-slip';
export { MyRoundBets, useRoundBetCount } from './components/my-round-bets';
export { OUR_CASINO_TYPE } from './api/get-casino-tiles';
export { useCasinoLive, useTableUnavailable } from './hooks/use-casino-live';
export { useRoundBets } from './hooks/use-round-bets';
