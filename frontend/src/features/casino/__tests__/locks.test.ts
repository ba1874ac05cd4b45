import { makeUser } from '@/testing/fixtures';
import type { CasinoTile } from '@/types';
import { homeTileAccess, homeTileLock, lobbyTileAccess, LOGIN_REQUIRED, TABLE_LOCKED } from '../model/locks';

const tile = (overrides: Partial<CasinoTile> = {}): CasinoTile => ({ gname: 'Teen Patti 20-20', imgUrl: '', imgpath: '', gmid: 'teen20', ctype: 35, cname: 'Our Casino', isown: 1, cid: 1, locked: false, ...overrides });

describe('home tiles are locked unless the user has a role', () => {
  it('locks for a visitor and a user without roles', () => {
    expect(homeTileLock(null)).toBe(LOGIN_REQUIRED);
    expect(homeTileLock(makeUser({ role: [] }))).toBe(LOGIN_REQUIRED);
  });
  it('opens for user and demo', () => {
    expect(homeTileLock(makeUser())).toBeNull();
    expect(homeTileLock(makeUser({ role: ['demo'] }))).toBeNull();
  });
});

describe('lobby tiles: a padlock only on a locked table, a visitor told how to watch', () => {
  it('a visitor is told to log in or try the demo, except on a locked table', () => {
    expect(lobbyTileAccess(tile(), null)).toEqual({ kind: 'login' });
    expect(lobbyTileAccess(tile({ locked: true }), null)).toEqual({ kind: 'locked', message: TABLE_LOCKED });
    expect(homeTileAccess(null)).toEqual({ kind: 'login' });
  });
  it('casino id 19 and an administrator lock stay locked for a signed-in user', () => {
    expect(lobbyTileAccess(tile({ cid: 19 }), makeUser())).toEqual({ kind: 'locked', message: TABLE_LOCKED });
    expect(lobbyTileAccess(tile({ locked: true }), makeUser())).toEqual({ kind: 'locked', message: TABLE_LOCKED });
  });
  it('any other table opens for a signed-in user', () => {
    expect(lobbyTileAccess(tile(), makeUser())).toEqual({ kind: 'open' });
    expect(homeTileAccess(makeUser({ role: ['demo'] }))).toEqual({ kind: 'open' });
  });
});
