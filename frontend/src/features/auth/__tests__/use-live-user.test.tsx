import { act, renderHook } from '@testing-library/react';
import { vi } from 'vitest';
import type { WsClientMessage, WsServerMessage } from '@/types';
import { makeUser } from '@/testing/fixtures';
import { ReadyState } from 'react-use-websocket';
import { sessionActions } from '@/lib/session';
import { useMoneyChanges } from '@/lib/money-changes';
import { denyAccess, expireSession } from '@/lib/api-client';
import { getUser } from '../api/get-user';
import { SESSION_ENDED_PUSH, useLiveUser } from '../hooks/use-live-user';
import { useAuthStore } from '../stores/auth-store';

const socket = vi.hoisted(() => ({
  readyState: 3 as number,
  sent: [] as unknown[],
  onMessage: undefined as ((message: unknown) => void) | undefined,
}));

vi.mock('@/lib/socket', () => ({
  ReadyState: { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3, UNINSTANTIATED: -1 },
  useAppSocket: (onMessage: (message: unknown) => void) => {
    socket.onMessage = onMessage;
    return { send: (message: WsClientMessage) => socket.sent.push(message), lastMessage: null, readyState: socket.readyState };
  },
}));
vi.mock('../api/get-user', () => ({ getUser: vi.fn() }));
vi.mock('@/lib/api-client', () => ({ denyAccess: vi.fn(), expireSession: vi.fn() }));

const receive = (message: WsServerMessage) => act(() => socket.onMessage?.(message));

describe('useLiveUser', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    socket.readyState = ReadyState.CLOSED;
    socket.sent = [];
    useAuthStore.getState().reset();
    sessionActions.set({ accessToken: 'access-1', refreshToken: 'refresh-1', user: makeUser({ balance: 100 }) });
    vi.mocked(getUser).mockResolvedValue(makeUser({ balance: 100 }));
  });

  afterEach(() => {
    vi.useRealTimers();
    sessionActions.clear();
  });

  it('authenticates, subscribes to `user` and applies snapshots and deltas', async () => {
    socket.readyState = ReadyState.OPEN;
    renderHook(() => useLiveUser());
    expect(socket.sent).toEqual([{ type: 'auth', token: 'access-1' }]);
    receive({ type: 'authed' });
    expect(socket.sent.at(-1)).toEqual({ type: 'sub', topic: 'user' });
    receive({ type: 'snapshot', topic: 'user', seq: 4, data: { balance: 250, exp: 0 } });
    expect(sessionActions.get()?.user).toMatchObject({ balance: 250, exp: 0 });
    receive({ type: 'delta', topic: 'user', seq: 5, data: { balance: 200, exp: -50 } });
    expect(sessionActions.get()?.user).toMatchObject({ balance: 200, exp: -50 });
    expect(useAuthStore.getState().socketLive).toBe(true);
  });

  it('counts every push, also one that leaves balance and exposure as they were (a resting order filled)', () => {
    socket.readyState = ReadyState.OPEN;
    renderHook(() => useLiveUser());
    const { result } = renderHook(() => useMoneyChanges());
    receive({ type: 'authed' });
    receive({ type: 'snapshot', topic: 'user', seq: 1, data: { balance: 250, exp: -50 } });
    const before = result.current;
    receive({ type: 'delta', topic: 'user', seq: 2, data: { balance: 250, exp: -50 } });
    expect(result.current).toBe(before + 1);
  });

  it('ends the session here when the server pushes that it ended, and on no other error', () => {
    vi.mocked(expireSession).mockClear();
    socket.readyState = ReadyState.OPEN;
    renderHook(() => useLiveUser());
    receive({ type: 'authed' });
    receive({ type: 'snapshot', topic: 'user', seq: 1, data: { balance: 250, exp: 0 } });
    receive({ type: 'error', message: "unknown topic 'match:1'" });
    expect(expireSession).not.toHaveBeenCalled();
    expect(useAuthStore.getState().socketLive).toBe(true);
    receive({ type: 'error', message: SESSION_ENDED_PUSH });
    expect(expireSession).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().socketLive).toBe(false);
  });

  it('resubscribes when a delta skips a sequence number', () => {
    socket.readyState = ReadyState.OPEN;
    renderHook(() => useLiveUser());
    receive({ type: 'authed' });
    receive({ type: 'snapshot', topic: 'user', seq: 1, data: { balance: 250, exp: 0 } });
    socket.sent = [];
    receive({ type: 'delta', topic: 'user', seq: 3, data: { balance: 1, exp: 0 } });
    expect(socket.sent).toEqual([{ type: 'sub', topic: 'user' }]);
    expect(sessionActions.get()?.user?.balance).toBe(250);
  });

  it('does not poll while the socket is live', async () => {
    socket.readyState = ReadyState.OPEN;
    renderHook(() => useLiveUser());
    receive({ type: 'authed' });
    receive({ type: 'snapshot', topic: 'user', seq: 1, data: { balance: 250, exp: 0 } });
    vi.mocked(getUser).mockClear();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(getUser).not.toHaveBeenCalled();
  });

  it('polls GET /users every second while the socket is down', async () => {
    vi.mocked(getUser).mockResolvedValue(makeUser({ balance: 777 }));
    renderHook(() => useLiveUser());
    await act(() => vi.advanceTimersByTimeAsync(3000));
    // One fetch on mount, then one per second.
    expect(getUser).toHaveBeenCalledTimes(4);
    expect(sessionActions.get()?.user?.balance).toBe(777);
  });

  it('stops polling after 5 consecutive failures', async () => {
    vi.mocked(getUser).mockRejectedValue({ message: 'Something went wrong' });
    renderHook(() => useLiveUser());
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(useAuthStore.getState().pollingStopped).toBe(true);
    expect(getUser).toHaveBeenCalledTimes(1 + 5);
  });

  it('a 403 stops polling and denies access', async () => {
    vi.mocked(getUser).mockRejectedValue({ message: 'Role not allowed', status: 403 });
    renderHook(() => useLiveUser());
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(denyAccess).toHaveBeenCalledWith({ message: 'Role not allowed', status: 403 });
    expect(useAuthStore.getState().pollingStopped).toBe(true);
  });
});
