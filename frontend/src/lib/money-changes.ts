// The signed-in user's money changes as the socket's `user` topic pushes them (a bet placed, an
// order matched or cancelled, a settlement, a credit), counted. The header follows balance and
// exposure; the lists of the user's bets and orders refetch on the count, because a fill of a
// resting order moves a stake from the unmatched list to the matched one and may leave both
// figures as they were.
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

const store = createStore<{ count: number }>(() => ({ count: 0 }));

export const moneyChanges = {
  /** One push of the user topic arrived. */
  bump: (): void => store.setState((state) => ({ count: state.count + 1 })),
};

/** The number of user-topic pushes so far: a dependency for what must refetch on each. */
export function useMoneyChanges(): number {
  return useStore(store, (state) => state.count);
}
