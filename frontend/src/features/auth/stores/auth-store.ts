// Auth feature state beyond the stored session (lib/session): how the live user is fed.
import { create } from 'zustand';

type AuthState = {
  /** The socket has sent a `user` snapshot since it last (re)connected. */
  socketLive: boolean;
  /** Consecutive empty or failed user fetches; polling stops at the spec's limit. */
  pollFailures: number;
  pollingStopped: boolean;
  setSocketLive: (live: boolean) => void;
  pollSucceeded: () => void;
  pollFailed: (limit: number) => void;
  stopPolling: () => void;
  reset: () => void;
};

const initial = { socketLive: false, pollFailures: 0, pollingStopped: false };

export const useAuthStore = create<AuthState>((set) => ({
  ...initial,
  setSocketLive: (socketLive) => set({ socketLive }),
  pollSucceeded: () => set({ pollFailures: 0 }),
  pollFailed: (limit) =>
    set((state) => {
      const pollFailures = state.pollFailures + 1;
      return { pollFailures, pollingStopped: state.pollingStopped || pollFailures >= limit };
    }),
  stopPolling: () => set({ pollingStopped: true }),
  reset: () => set(initial),
}));

export const selectPollingStopped = (state: AuthState): boolean => state.pollingStopped;
export const selectSocketLive = (state: AuthState): boolean => state.socketLive;
