// Keeps the signed-in user's balance and exposure current (spec §4 user polling, DESIGN §4):
// the socket's `user` topic pushes changes at once; while the socket is down or has not yet sent
// a snapshot, GET /users runs every second and stops after 5 consecutive failures.
import { useCallback, useEffect, useRef } from 'react';
import type { UserBalance, WsServerMessage } from '@/types';
import { denyAccess, expireSession, type ApiError } from '@/lib/api-client';
import { USER_POLL_FAILURES_MAX, USER_POLL_INTERVAL_MS } from '@/lib/config';
import { moneyChanges } from '@/lib/money-changes';
import { sessionActions, selectAccessToken, useSession } from '@/lib/session';
import { ReadyState, useAppSocket } from '@/lib/socket';
import { getUser } from '../api/get-user';
import { selectPollingStopped, selectSocketLive, useAuthStore } from '../stores/auth-store';

const USER_TOPIC = 'user';
/** What the server pushes to a socket whose session ended (server `ws::hub::SESSION_ENDED`, docs/decisions.md "Push"). */
export const SESSION_ENDED_PUSH = 'the session has ended; sign in again';

function isUserData(data: unknown): data is UserBalance {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as UserBalance).balance === 'number' &&
    typeof (data as UserBalance).exp === 'number'
  );
}

/** One user fetch; returns false when it counts as a failure. */
async function fetchUserOnce(): Promise<boolean> {
  try {
    const user = await getUser();
    if (!user) return false;
    if (sessionActions.get()) sessionActions.setUser(user);
    return true;
  } catch (error) {
    const apiError = error as ApiError;
    if (apiError.status === 403) {
      useAuthStore.getState().stopPolling();
      denyAccess(apiError);
    }
    return false;
  }
}

export function useLiveUser(): void {
  const accessToken = useSession(selectAccessToken);
  const socketLive = useAuthStore(selectSocketLive);
  const pollingStopped = useAuthStore(selectPollingStopped);
  const lastSeq = useRef<number | null>(null);
  const sendRef = useRef<(message: Parameters<ReturnType<typeof useAppSocket>['send']>[0]) => void>(() => {});

  const onMessage = useCallback((message: WsServerMessage) => {
    if (message.type === 'error' && message.message === SESSION_ENDED_PUSH) {
      lastSeq.current = null;
      useAuthStore.getState().setSocketLive(false);
      expireSession();
      return;
    }
    if (message.type === 'authed') {
      lastSeq.current = null;
      sendRef.current({ type: 'sub', topic: USER_TOPIC });
      return;
    }
    if ((message.type === 'snapshot' || message.type === 'delta') && message.topic === USER_TOPIC) {
      if (message.type === 'delta' && lastSeq.current !== null && message.seq !== lastSeq.current + 1) {
        // A gap: ask again for a fresh snapshot.
        lastSeq.current = null;
        useAuthStore.getState().setSocketLive(false);
        sendRef.current({ type: 'sub', topic: USER_TOPIC });
        return;
      }
      if (message.type === 'delta' && lastSeq.current === null) return;
      lastSeq.current = message.seq;
      if (isUserData(message.data)) {
        sessionActions.patchUser({ balance: message.data.balance, exp: message.data.exp });
        moneyChanges.bump();
        useAuthStore.getState().setSocketLive(true);
      }
    }
  }, []);

  const { send, readyState } = useAppSocket(onMessage);
  sendRef.current = send;

  // (Re)authenticate whenever the socket opens or the access token changes.
  useEffect(() => {
    if (readyState !== ReadyState.OPEN) {
      useAuthStore.getState().setSocketLive(false);
      return;
    }
    lastSeq.current = null;
    if (accessToken) {
      send({ type: 'auth', token: accessToken });
    } else {
      send({ type: 'unsub', topic: USER_TOPIC });
      useAuthStore.getState().setSocketLive(false);
    }
    // `send` is stable for a given socket; only these two should trigger a new auth.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [readyState, accessToken]);

  // First paint of a stored session: fetch the user once.
  const loggedIn = Boolean(accessToken);
  useEffect(() => {
    if (loggedIn) void fetchUserOnce();
  }, [loggedIn]);

  // Fallback polling while the socket is not live.
  useEffect(() => {
    if (!loggedIn || socketLive || pollingStopped) return undefined;
    const timer = window.setInterval(() => {
      void fetchUserOnce().then((ok) => {
        const store = useAuthStore.getState();
        if (ok) store.pollSucceeded();
        else store.pollFailed(USER_POLL_FAILURES_MAX);
      });
    }, USER_POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [loggedIn, socketLive, pollingStopped]);
}
