import type { Role, User } from '@/types';
import { canAccess } from '../access';
import { ROUTES } from '../route-table';
import { menuEntriesFor } from '../layout/user-menu';

const user = (role: Role): User => ({
  _id: '1',
  username: role,
  role: [role],
  currentToken: '1',
  isLogin: true,
  isAcceptRules: true,
  balance: 0,
  exp: 0,
});

const accessOf = (path: string) => ROUTES.find((route) => route.path === path)?.access;

describe('route access', () => {
  it('lets visitors open only public routes', () => {
    expect(canAccess('public', null)).toBe(true);
    expect(canAccess('user-demo', null)).toBe(false);
    expect(canAccess('signed-in', null)).toBe(false);
  });

  it('gives demo users the account statement but not deposit', () => {
    expect(canAccess(accessOf('/account-statement')!, user('demo'))).toBe(true);
    expect(canAccess(accessOf('/deposit')!, user('demo'))).toBe(false);
    expect(canAccess(accessOf('/deposit')!, user('user'))).toBe(true);
  });

  it('lets every signed-in role set button values', () => {
    for (const role of ['user', 'demo', 'operator'] as const) {
      expect(canAccess(accessOf('/button-values')!, user(role))).toBe(true);
    }
  });

  it('keeps login and register outside the layout and ends with the 404 catch-all', () => {
    expect(ROUTES.find((r) => r.path === '/login')?.layout).toBe('bare');
    expect(ROUTES.find((r) => r.path === '/register')?.layout).toBe('bare');
    expect(ROUTES.at(-1)?.path).toBe('*');
  });
});

describe('user dropdown', () => {
  it('shows every entry to role user', () => {
    expect(menuEntriesFor(user('user')).map((e) => e.label)).toContain('Withdraw Statement');
    expect(menuEntriesFor(user('user'))).toHaveLength(11);
  });

  it('shows demo only the entries for every signed-in user', () => {
    expect(menuEntriesFor(user('demo')).map((e) => e.label)).toEqual([
      'Account Statement',
      'Current Bet',
      'Casino Results',
      'Set Button Values',
    ]);
  });

  it('starts with Deposit and Withdraw for role user on a narrow screen only', () => {
    expect(menuEntriesFor(user('user'), true).map((e) => e.label).slice(0, 3)).toEqual(['Deposit', 'Withdraw', 'Withdraw Statement']);
    expect(menuEntriesFor(user('user'), false).map((e) => e.label)).not.toContain('Deposit');
    expect(menuEntriesFor(user('demo'), true).map((e) => e.label)).not.toContain('Deposit');
  });
});
