import { USER_POLL_FAILURES_MAX } from '@/lib/config';
import { useAuthStore } from '../stores/auth-store';

describe('user polling state', () => {
  beforeEach(() => useAuthStore.getState().reset());

  it('stops after 5 consecutive failed or empty fetches', () => {
    const store = useAuthStore.getState();
    for (let i = 0; i < USER_POLL_FAILURES_MAX - 1; i += 1) store.pollFailed(USER_POLL_FAILURES_MAX);
    expect(useAuthStore.getState().pollingStopped).toBe(false);
    store.pollFailed(USER_POLL_FAILURES_MAX);
    expect(useAuthStore.getState().pollingStopped).toBe(true);
  });

  it('a success in between resets the count', () => {
    const store = useAuthStore.getState();
    for (let i = 0; i < 4; i += 1) store.pollFailed(5);
    store.pollSucceeded();
    for (let i = 0; i < 4; i += 1) store.pollFailed(5);
    expect(useAuthStore.getState()).toMatchObject({ pollFailures: 4, pollingStopped: false });
  });

  it('reset (a new login) starts polling again', () => {
    useAuthStore.getState().stopPolling();
    useAuthStore.getState().reset();
    expect(useAuthStore.getState()).toMatchObject({ pollFailures: 0, pollingStopped: false, socketLive: false });
  });
});
