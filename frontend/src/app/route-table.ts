// The one route table: every route with its access rule and layout. Pages that later issues
// build replace their placeholder here (one line each).
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
const Placeholder = lazy(() => import('./routes/placeholder'));
const StaticInfo = lazy(() => import('./routes/static-info'));
const AllSports = lazy(() => import('./routes/all-sports'));
const GameDetails = lazy(() => import('./routes/match-page'));
const VirtualCricket = lazy(() => import('./routes/virtual-cricket'));
const Cricketv = lazy(() => import('./routes/cricketv'));

const later = (path: string, access: Access, title: string): AppRoute => ({ path, access, layout: 'main', page: Placeholder, title });

export const ROUTES: AppRoute[] = [
  { path: '/', access: 'public', layout: 'main', page: Home },
  { path: '/login', access: 'public', layout: 'bare', page: Login },
  { path: '/register', access: 'public', layout: 'bare', page: Register },
  { path: '/404', access: 'public', layout: 'bare', page: NotFound },
  { path: '/game-details/:gameEtId/:gameId', access: 'public', layout: 'main', page: GameDetails, title: 'Match' },
  { path: '/virtual-cricket/:gameEtId/:gameId', access: 'public', layout: 'main', page: VirtualCricket, title: 'Virtual Cricket' },
  { path: '/cricketv/:gameEtId/:gameId', access: 'public', layout: 'main', page: Cricketv, title: 'Cricket V' },
  { path: '/all-sports/:sportId', access: 'public', layout: 'main', page: AllSports, title: 'All Sports' },
  later('/casino-list/LC/:typeId', 'public', 'Casino'),
  later('/casino-list/LC/:typeId/:casinoId', 'public', 'Casino'),
  { path: '/terms-and-conditions', access: 'public', layout: 'main', page: StaticInfo, title: 'Terms and Conditions' },
  { path: '/responsible-gaming', access: 'public', layout: 'main', page: StaticInfo, title: 'Responsible Gaming' },
  later('/account-statement', 'user-demo', 'Account Statement'),
  later('/current-bet', 'user-demo', 'Current Bets'),
  later('/casino-results', 'user-demo', 'Casino Results'),
  later('/casino/:gameId', 'user-demo', 'Casino'),
  { path: '/button-values', access: 'signed-in', layout: 'main', page: ButtonValues, title: 'Set Button Values' },
  later('/withdraw-statement', 'user', 'Withdraw Statement'),
  later('/deposit-statement', 'user', 'Deposit Statement'),
  later('/bonus', 'user', 'Bonus'),
  later('/activity-log', 'user', 'Activity Log'),
  later('/live-casino-bets', 'user', 'Live Casino Bets'),
  later('/secure-auth', 'user', 'Security Auth Verification'),
  { path: '/change-password', access: 'user', layout: 'main', page: ChangePassword, title: 'Change Password' },
  later('/deposit', 'user', 'Deposit'),
  later('/withdraw', 'user', 'Withdraw'),
  // Any unknown path: the 404 heading inside the layout.
  { path: '*', access: 'public', layout: 'main', page: NotFound },
];
