// The reports feature's public surface, used by app/ only: the player's report pages and the
// result modal they share.
export { AccountStatement } from './components/account-statement';
export { CurrentBets } from './components/current-bets';
export { ActivityLog } from './components/activity-log';
export { CasinoResults } from './components/casino-results';
export { ResultModal } from './components/result-modal';
