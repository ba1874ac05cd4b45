// The operators' console, used by app/routes/ops-* only: every module here is loaded with those
// lazy routes, so a player's browser never downloads it.
export { AuditPage } from './components/audit-page';
export { CasinoTables } from './components/casino-tables';
export { UserList } from './components/user-list';
export { UserPage } from './components/user-page';
export { WalletQueue } from './components/wallet-queue';
export { FeedConsole } from './components/feed-console';
export { HouseFigures } from './components/house-figures';
