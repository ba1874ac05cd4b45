import { makeUser } from '@/testing/fixtures';
import type { CasinoTile } from '@/types';
import { homeTileLock, lobbyTileLock, LOGIN_REQUIRED, TABLE_LOCKED } from '../model/locks';

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

describe('lobby tiles are locked for visitors, casino id 19 and locked tables', () => {
  it('a visitor is told to log in', () => {
    expect(lobbyTileLock(tile(), null)).toBe(LOGIN_REQUIRED);
    expect(lobbyTileLock(tile({ locked: true }), null)).toBe(LOGIN_REQUIRED);
  });
  it('casino id 19 and an administrator lock stay locked for a signed-in user', () => {
    expect(lobbyTileLock(tile({ cid: 19 }), makeUser())).toBe(TABLE_LOCKED);
    expect(lobbyTileLock(tile({ locked: true }), makeUser())).toBe(TABLE_LOCKED);
  });
  it('any other table opens for a signed-in user', () => {
    expect(lobbyTileLock(tile(), makeUser())).toBeNull();
  });
});
