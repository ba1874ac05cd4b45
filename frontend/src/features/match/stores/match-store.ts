// The match page's one store: the live market book of the open match (fed by the socket or the
// fallback poll), the user's open bets and books on it, and the bet slip.
import { create } from 'zustand';
import type { AcceptOdds, BetView, Market, MarketType, OrderView, Persistence, SectionBook, SpotsData } from '@/types';
import type { MatchSnapshot } from '../api/get-match-state';
import { EMPTY_MATCH, applyDelta, fromSnapshot, type MatchDelta, type MatchState } from '../model/match-reducer';
import { EMPTY_SLIP, isExchangeMarket, type Selection, type SlipState } from '../model/slip';

type Books = Record<number, Record<number, SectionBook>>;

type Store = MatchState & {
  gmid: number | null;
  bets: BetView[];
  /** The user's unmatched exchange orders on this match, newest first. */
  orders: OrderView[];
  books: Books;
  slip: SlipState;
  /** The server matches orders on match-odds markets (the site configuration's
   * `exchange_matching`); the match page sets it. */
  matching: boolean;
  setMatching: (matching: boolean) => void;
  reset: (gmid: number) => void;
  applySnapshot: (snapshot: MatchSnapshot) => void;
  applyDelta: (delta: MatchDelta) => void;
  setBets: (bets: BetView[], spots: SpotsData[], orders: OrderView[]) => void;
  setOrders: (orders: OrderView[]) => void;
  select: (selection: Selection) => void;
  setPrice: (price: number) => void;
  setPersistence: (persistence: Persistence) => void;
  setStake: (stake: number) => void;
  addStake: (amount: number) => void;
  setSubmitting: (submitting: boolean) => void;
  /** The server refused the slip's bet: the slip keeps it, with the reason. */
  setRejection: (reason: string) => void;
  clearSlip: () => void;
  /** The player's odds setting, sent with every fixed-price bet; kept in this browser. */
  acceptOdds: AcceptOdds;
  setAcceptOdds: (acceptOdds: AcceptOdds) => void;
};

const ACCEPT_ODDS_KEY = 'accept-odds';

/** The odds setting this browser keeps; exact price only unless the player chose otherwise. */
function storedAcceptOdds(): AcceptOdds {
  try {
    const stored = localStorage.getItem(ACCEPT_ODDS_KEY);
    return stored === 'better' || stored === 'any' ? stored : 'exact';
  } catch {
    return 'exact';
  }
}

function toBooks(spots: SpotsData[]): Books {
  const books: Books = {};
  for (const spot of spots) {
    const bySid: Record<number, SectionBook> = {};
    for (const book of spot.sdata) bySid[book.sid] = book;
    books[spot.mid] = bySid;
  }
  return books;
}

export const useMatchStore = create<Store>((set) => ({
  ...EMPTY_MATCH,
  gmid: null,
  bets: [],
  orders: [],
  books: {},
  slip: EMPTY_SLIP,
  matching: true,
  setMatching: (matching) => set({ matching }),
  reset: (gmid) => set({ ...EMPTY_MATCH, gmid, bets: [], orders: [], books: {}, slip: EMPTY_SLIP }),
  applySnapshot: (snapshot) => set(fromSnapshot(snapshot)),
  applyDelta: (delta) => set((state) => applyDelta(state, delta)),
  setBets: (bets, spots, orders) => set({ bets, books: toBooks(spots), orders }),
  setOrders: (orders) => set({ orders }),
  // Spec §4: a new selection resets the stake to 0 (and an order's persistence to lapse).
  select: (selection) => set({ slip: { ...EMPTY_SLIP, selection } }),
  setPrice: (price) => set((state) => (state.slip.selection ? { slip: { ...state.slip, selection: { ...state.slip.selection, price }, rejection: null } } : {})),
  setPersistence: (persistence) => set((state) => ({ slip: { ...state.slip, persistence } })),
  setStake: (stake) => set((state) => ({ slip: { ...state.slip, stake } })),
  addStake: (amount) => set((state) => ({ slip: { ...state.slip, stake: Math.round((state.slip.stake + amount) * 100) / 100 } })),
  // Sending again starts afresh: the last refusal no longer applies.
  setSubmitting: (submitting) => set((state) => ({ slip: { ...state.slip, submitting, rejection: submitting ? null : state.slip.rejection } })),
  setRejection: (rejection) => set((state) => ({ slip: { ...state.slip, submitting: false, rejection } })),
  clearSlip: () => set({ slip: EMPTY_SLIP }),
  acceptOdds: storedAcceptOdds(),
  setAcceptOdds: (acceptOdds) => {
    try {
      localStorage.setItem(ACCEPT_ODDS_KEY, acceptOdds);
    } catch {
      // A browser that keeps nothing still uses the setting until the page is left.
    }
    set({ acceptOdds });
  },
}));

export type MatchStore = Store;
export const selectMarket =
  (mid: number) =>
  (state: Store): Market | undefined =>
    state.byId[mid];
export const selectMarketIds = (state: Store): number[] => state.marketIds;
export const selectFixture = (state: Store) => state.fixture;
export const selectScoreboard = (state: Store) => state.scoreboard;
export const selectSlip = (state: Store): SlipState => state.slip;
export const selectBets = (state: Store): BetView[] => state.bets;
export const selectOrders = (state: Store): OrderView[] => state.orders;
/** Whether a market of this type is traded on the exchange here (see `isExchangeMarket`). */
export const selectIsExchange =
  (gtype: MarketType) =>
  (state: Store): boolean =>
    isExchangeMarket(gtype, state.matching);
export const selectBook =
  (mid: number) =>
  (state: Store): Record<number, SectionBook> | undefined =>
    state.books[mid];
export const selectRemoved = (state: Store): boolean => state.removed;
export const selectClockMs = (state: Store): number | null => state.clockMs;
export const selectOver = (state: Store) => state.over;
