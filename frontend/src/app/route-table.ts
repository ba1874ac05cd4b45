// The one route table: every route with its access rule and layout, one line per page.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Access } from './access';

type Page = LazyExoticComponent<ComponentType>;

export type AppRoute = {
  path: string;
  access: Access;
  /** `bare` routes render without header, sidebar and footer. */
  layout: 'main' | 'bare';
  page: Page;
  title?: string;
};

const Home = lazy(() => import('./routes/home'));
const Login = lazy(() => import('./routes/login'));
const Register = lazy(() => import('./routes/register'));
const ChangePassword = lazy(() => import('./routes/change-password'));
const ButtonValues = lazy(() => import('./routes/button-values'));
const NotFound = lazy(() => import('./routes/not-found'));
const StaticInfo = lazy(() => import('./routes/static-info'));
const AllSports = lazy(() => import('./routes/all-sports'));
const GameDetails = lazy(() => import('./routes/match-page'));
const VirtualCricket = lazy(() => import('./routes/virtual-cricket'));
const Cricketv = lazy(() => import('./routes/cricketv'));
const CasinoLobby = lazy(() => import('./routes/casino-lobby'));
const CasinoPage = lazy(() => import('./routes/casino-page'));

// Wallet, bonus, live casino bets and secure auth.
const Deposit = lazy(() => import('./routes/deposit'));
const Withdraw = lazy(() => import('./routes/withdraw'));
const DepositStatement = lazy(() => import('./routes/deposit-statement'));
const WithdrawStatement = lazy(() => import('./routes/withdraw-statement'));
const Bonus = lazy(() => import('./routes/bonus'));
const LiveCasinoBets = lazy(() => import('./routes/live-casino-bets'));
const SecureAuth = lazy(() => import('./routes/secure-auth'));


export const ROUTES: AppRoute[] = [
  { path: '/', access: 'public', layout: 'main', page: Home },
  { path: '/login', access: 'public', layout: 'bare', page: Login },
  { path: '/register', access: 'public', layout: 'bare', page: Register },
  { path: '/404', access: 'public', layout: 'bare', page: NotFound },
  { path: '/game-details/:gameEtId/:gameId', access: 'public', layout: 'main', page: GameDetails, title: 'Match' },
  { path: '/virtual-cricket/:gameEtId/:gameId', access: 'public', layout: 'main', page: VirtualCricket, title: 'Virtual Cricket' },
  { path: '/graphic/:gameId', access: 'public', layout: 'bare', page: lazy(() => import('./routes/graphic')), title: 'Live graphic' },
  { path: '/cricketv/:gameEtId/:gameId', access: 'public', layout: 'main', page: Cricketv, title: 'Cricket V' },
  { path: '/all-sports/:sportId', access: 'public', layout: 'main', page: AllSports, title: 'All Sports' },
  { path: '/racing/:sportId', access: 'public', layout: 'main', page: lazy(() => import('./routes/racing')), title: 'Racing' },
  { path: '/casino-list/LC/:typeId', access: 'public', layout: 'main', page: CasinoLobby, title: 'Casino' },
  { path: '/casino-list/LC/:typeId/:casinoId', access: 'public', layout: 'main', page: CasinoLobby, title: 'Casino' },
  { path: '/terms-and-conditions', access: 'public', layout: 'main', page: StaticInfo, title: 'Terms and Conditions' },
  { path: '/responsible-gaming', access: 'public', layout: 'main', page: StaticInfo, title: 'Responsible Gaming' },
  { path: '/account-statement', access: 'user-demo', layout: 'main', page: lazy(() => import('./routes/account-statement')), title: 'Account Statement' },
  { path: '/current-bet', access: 'user-demo', layout: 'main', page: lazy(() => import('./routes/current-bet')), title: 'Current Bets' },
  { path: '/casino-results', access: 'user-demo', layout: 'main', page: lazy(() => import('./routes/casino-results')), title: 'Casino Results' },
  { path: '/casino/:gameId', access: 'user-demo', layout: 'main', page: CasinoPage, title: 'Casino' },
  { path: '/button-values', access: 'signed-in', layout: 'main', page: ButtonValues, title: 'Set Button Values' },
  { path: '/withdraw-statement', access: 'user', layout: 'main', page: WithdrawStatement, title: 'Withdraw Statement' },
  { path: '/deposit-statement', access: 'user', layout: 'main', page: DepositStatement, title: 'Deposit Statement' },
  { path: '/bonus', access: 'user', layout: 'main', page: Bonus, title: 'Bonus' },
  { path: '/activity-log', access: 'user', layout: 'main', page: lazy(() => import('./routes/activity-log')), title: 'Activity Log' },
  { path: '/live-casino-bets', access: 'user', layout: 'main', page: LiveCasinoBets, title: 'Live Casino Bets' },
  { path: '/secure-auth', access: 'user', layout: 'main', page: SecureAuth, title: 'Security Auth Verification' },
  { path: '/change-password', access: 'user', layout: 'main', page: ChangePassword, title: 'Change Password' },
  { path: '/deposit', access: 'user', layout: 'main', page: Deposit, title: 'Deposit' },
  { path: '/withdraw', access: 'user', layout: 'main', page: Withdraw, title: 'Withdraw' },
  // The operators' console: its own frame, code-split from the player's site.
  { path: '/ops', access: 'operator', layout: 'bare', page: lazy(() => import('./routes/ops-home')), title: 'Console' },
  { path: '/ops/users', access: 'operator', layout: 'bare', page: lazy(() => import('./routes/ops-users')), title: 'Users' },
  { path: '/ops/users/:username', access: 'operator', layout: 'bare', page: lazy(() => import('./routes/ops-user')), title: 'User' },
  { path: '/ops/audit', access: 'operator', layout: 'bare', page: lazy(() => import('./routes/ops-audit')), title: 'Audit' },
  { path: '/ops/house', access: 'operator', layout: 'bare', page: lazy(() => import('./routes/ops-house')), title: 'House' },
  { path: '/ops/feed', access: 'operator', layout: 'bare', page: lazy(() => import('./routes/ops-feed')), title: 'Feed' },
  { path: '/ops/casino', access: 'operator', layout: 'bare', page: lazy(() => import('./routes/ops-casino')), title: 'Casino' },
  { path: '/ops/wallet', access: 'operator', layout: 'bare', page: lazy(() => import('./routes/ops-wallet')), title: 'Wallet' },
  { path: '/ops/password', access: 'operator', layout: 'bare', page: lazy(() => import('./routes/ops-password')), title: 'Change password' },
  // Any unknown path: the 404 heading inside the layout.
  { path: '*', access: 'public', layout: 'main', page: NotFound },
];
