import type { User } from '@/types';
import { SESSION_STORAGE_KEY, decryptSession, encryptSession, sessionActions, sessionStore } from '../session';

const user: User = {
  _id: '3',
  username: 'player1',
  role: ['user'],
  currentToken: '12',
  isLogin: true,
  isAcceptRules: true,
  balance: 1500,
  exp: 0,
};

describe('session store', () => {
  beforeEach(() => sessionActions.clear());

  it('stores the session encrypted under `token`', () => {
    sessionActions.set({ accessToken: 'access-abc', refreshToken: 'refresh-xyz', user });
    const stored = localStorage.getItem(SESSION_STORAGE_KEY);
    expect(stored).toBeTruthy();
    expect(stored).not.toContain('access-abc');
    expect(stored).not.toContain('player1');
    expect(decryptSession(stored!)).toEqual({ accessToken: 'access-abc', refreshToken: 'refresh-xyz', user });
  });

  it('reloads the session from storage', () => {
    sessionActions.set({ accessToken: 'a', refreshToken: 'r', user });
    sessionStore.setState({ session: null });
    sessionActions.reload();
    expect(sessionActions.get()?.user?.username).toBe('player1');
  });

  it('updates tokens and keeps the refresh token when none is given', () => {
    sessionActions.set({ accessToken: 'a', refreshToken: 'r', user });
    sessionActions.setTokens('a2');
    expect(sessionActions.get()).toMatchObject({ accessToken: 'a2', refreshToken: 'r' });
    sessionActions.setTokens('a3', 'r3');
    expect(decryptSession(localStorage.getItem(SESSION_STORAGE_KEY)!)).toMatchObject({ accessToken: 'a3', refreshToken: 'r3' });
  });

  it('patches the user (balance and exposure from the socket)', () => {
    sessionActions.set({ accessToken: 'a', refreshToken: 'r', user });
    sessionActions.patchUser({ balance: 2000, exp: -50 });
    expect(sessionActions.get()?.user).toMatchObject({ balance: 2000, exp: -50, username: 'player1' });
  });

  it('ignores updates when nobody is signed in', () => {
    sessionActions.setTokens('a');
    sessionActions.patchUser({ balance: 1 });
    expect(sessionActions.get()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('clears storage on logout', () => {
    sessionActions.set({ accessToken: 'a', refreshToken: 'r', user });
    sessionActions.clear();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(sessionActions.get()).toBeNull();
  });

  it('drops a stored value that does not decrypt', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, 'garbage');
    sessionActions.reload();
    expect(sessionActions.get()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    const tampered = encryptSession({ accessToken: 'a', refreshToken: 'r', user: null }).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    expect(decryptSession(tampered)).toBeNull();
  });
});
