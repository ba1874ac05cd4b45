// The stored session (spec §3, §9): accessToken, refreshToken and user, kept encrypted in
// localStorage under `token` with a fixed passphrase embedded in the client. This is the one
// source of tokens for the API client and the socket.
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { bytesToUtf8, randomBytes, utf8ToBytes } from '@noble/ciphers/utils.js';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import type { User } from '@/types';
import { base64ToBytes, bytesToBase64 } from './payload-crypto';

export const SESSION_STORAGE_KEY = 'token';

/** Exactly 32 bytes: the embedded passphrase is used as the key itself. */
const SESSION_PASSPHRASE = 'exchange-client-session-v1-key!!';
const SESSION_NONCE_LEN = 24;

export type Session = {
  accessToken: string;
  refreshToken: string;
  user: User | null;
};

export function encryptSession(session: Session): string {
  const nonce = randomBytes(SESSION_NONCE_LEN);
  const sealed = xchacha20poly1305(utf8ToBytes(SESSION_PASSPHRASE), nonce).encrypt(
    utf8ToBytes(JSON.stringify(session)),
  );
  const out = new Uint8Array(nonce.length + sealed.length);
  out.set(nonce, 0);
  out.set(sealed, nonce.length);
  return bytesToBase64(out);
}

export function decryptSession(text: string): Session | null {
  try {
    const bytes = base64ToBytes(text);
    const nonce = bytes.subarray(0, SESSION_NONCE_LEN);
    const plain = xchacha20poly1305(utf8ToBytes(SESSION_PASSPHRASE), nonce).decrypt(
      bytes.subarray(SESSION_NONCE_LEN),
    );
    const value = JSON.parse(bytesToUtf8(plain)) as Partial<Session>;
    if (typeof value.accessToken !== 'string' || typeof value.refreshToken !== 'string') return null;
    return { accessToken: value.accessToken, refreshToken: value.refreshToken, user: value.user ?? null };
  } catch {
    return null;
  }
}

function loadSession(): Session | null {
  try {
    const text = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!text) return null;
    const session = decryptSession(text);
    if (!session) localStorage.removeItem(SESSION_STORAGE_KEY);
    return session;
  } catch {
    return null;
  }
}

function persist(session: Session | null): void {
  try {
    if (session) localStorage.setItem(SESSION_STORAGE_KEY, encryptSession(session));
    else localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage can be full or disabled; the in-memory session still works for this tab.
  }
}

type SessionState = { session: Session | null };

export const sessionStore = createStore<SessionState>(() => ({ session: loadSession() }));

function write(session: Session | null): void {
  persist(session);
  sessionStore.setState({ session });
}

export const sessionActions = {
  get: (): Session | null => sessionStore.getState().session,
  set: (session: Session): void => write(session),
  setTokens(accessToken: string, refreshToken?: string): void {
    const current = sessionStore.getState().session;
    if (!current) return;
    write({ ...current, accessToken, refreshToken: refreshToken ?? current.refreshToken });
  },
  setUser(user: User): void {
    const current = sessionStore.getState().session;
    if (!current) return;
    write({ ...current, user });
  },
  patchUser(patch: Partial<User>): void {
    const current = sessionStore.getState().session;
    if (!current?.user) return;
    write({ ...current, user: { ...current.user, ...patch } });
  },
  clear: (): void => write(null),
  /** Re-reads storage, for tests and for another tab's changes. */
  reload: (): void => sessionStore.setState({ session: loadSession() }),
};

// Another tab signing in or out changes the stored session; follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) sessionActions.reload();
  });
}

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}

export const selectUser = (state: SessionState): User | null => state.session?.user ?? null;
export const selectIsLoggedIn = (state: SessionState): boolean =>
  Boolean(state.session?.accessToken && state.session.refreshToken);
export const selectAccessToken = (state: SessionState): string | null =>
  state.session?.accessToken ?? null;
