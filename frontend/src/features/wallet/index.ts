// The wallet feature's public surface, used by app/ only: deposit, withdraw, their statements,
// bonus and the live casino bets report.
export { DepositForm } from './components/deposit-form';
export { WithdrawForm } from './components/withdraw-form';
export { WalletStatement } from './components/wallet-statement';
export { BonusOverview } from './components/bonus-overview';
export { LiveCasinoBetsReport } from './components/live-casino-bets-report';
