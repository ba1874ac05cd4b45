// The casino feature's one store: lobby tile lists by casino type, and for the open table its
// live round (fed by the socket or the fallback poll), the user's bets on that round and the bet
// slip. Components read it through narrow selectors, so a countdown tick re-renders the
// countdown and not the betting table.
import { create } from 'zustand';
import type { BetView, CasinoItem, CasinoRound, CasinoTile, CardHand, ResultRow, RoundStatus, TableStats } from '@/types';
import { clearsSlip, mergeRound, type RoundDelta } from '../model/round';
import { EMPTY_SLIP, type CasinoSelection, type CasinoSlip } from '../model/slip';

export type RoundBetsOf = { mid: string; bets: BetView[] };

type Store = {
  tiles: Record<number, CasinoTile[]>;
  gtype: string | null;
  round: CasinoRound | null;
  /** The server does not run this table (404 from `data2`). */
  unavailable: boolean;
  bets: BetView[];
  /** The player's bets of the table's last round, kept with their results until the player
   * bets on the round now running. */
  lastBets: RoundBetsOf | null;
  slip: CasinoSlip;
  setTiles: (typeId: number, tiles: CasinoTile[]) => void;
  reset: (gtype: string) => void;
  setUnavailable: () => void;
  /** A whole round (REST answer or socket snapshot) or a socket delta. */
  applyRound: (update: CasinoRound | RoundDelta) => void;
  /** The table's motions' share of their real-time length (`model/round` `motionScale`). */
  motionScale: number;
  setMotionScale: (scale: number) => void;
  setBets: (mid: string, bets: BetView[]) => void;
  select: (selection: CasinoSelection) => void;
  setStake: (stake: number) => void;
  addStake: (amount: number) => void;
  setSubmitting: (submitting: boolean) => void;
  clearSlip: () => void;
};

export const useCasinoStore = create<Store>((set) => ({
  tiles: {},
  gtype: null,
  round: null,
  unavailable: false,
  bets: [],
  lastBets: null,
  slip: EMPTY_SLIP,
  setTiles: (typeId, tiles) => set((state) => ({ tiles: { ...state.tiles, [typeId]: tiles } })),
  reset: (gtype) => set({ gtype, round: null, unavailable: false, bets: [], lastBets: null, slip: EMPTY_SLIP, motionScale: 1 }),
  setUnavailable: () => set((state) => (state.round ? state : { unavailable: true })),
  motionScale: 1,
  setMotionScale: (motionScale) => set((state) => (state.motionScale === motionScale ? state : { motionScale })),
  applyRound: (update) =>
    set((state) => {
      if ('gtype' in update && update.gtype !== undefined && update.gtype !== state.gtype) return state;
      const next = mergeRound(state.round, update);
      if (next === state.round || next === null) return state;
      const changes: Partial<Store> = { round: next, unavailable: false };
      // Spec §4: a new round clears the slip and stake (not on roulette); My Bet follows the
      // new round id.
      if (clearsSlip(state.round, next)) changes.slip = EMPTY_SLIP;
      // My Bet follows the new round id; the last round's bets stay, with their results, until
      // the player bets on the new one.
      if (state.round && state.round.mid !== next.mid) {
        changes.bets = [];
        if (state.bets.length > 0) changes.lastBets = { mid: state.round.mid, bets: state.bets };
      }
      return changes;
    }),
  setBets: (mid, bets) =>
    set((state) => {
      if (state.round?.mid === mid) return bets.length > 0 ? { bets, lastBets: null } : { bets };
      if (state.lastBets?.mid === mid) return { lastBets: { mid, bets } };
      return state;
    }),
  // Spec §4: a new selection resets the stake to 0.
  select: (selection) => set({ slip: { selection, stake: 0, submitting: false } }),
  setStake: (stake) => set((state) => ({ slip: { ...state.slip, stake } })),
  addStake: (amount) => set((state) => ({ slip: { ...state.slip, stake: Math.round((state.slip.stake + amount) * 100) / 100 } })),
  setSubmitting: (submitting) => set((state) => ({ slip: { ...state.slip, submitting } })),
  clearSlip: () => set({ slip: EMPTY_SLIP }),
}));

export type CasinoStore = Store;

const NO_ITEMS: CasinoItem[] = [];
const NO_HANDS: CardHand[] = [];
const NO_RESULTS: ResultRow[] = [];
const NO_WINNERS: number[] = [];

export const selectTiles =
  (typeId: number) =>
  (state: Store): CasinoTile[] | undefined =>
    state.tiles[typeId];
export const selectMotionScale = (state: Store): number => state.motionScale;
export const selectUnavailable = (state: Store): boolean => state.unavailable;
export const selectMid = (state: Store): string => state.round?.mid ?? '';
export const selectEname = (state: Store): string => state.round?.ename ?? '';
export const selectLt = (state: Store): number => state.round?.lt ?? 0;
export const selectStatus = (state: Store): RoundStatus | null => state.round?.status ?? null;
export const selectRdesc = (state: Store): string => state.round?.rdesc ?? '';
/** The house's word on the round (a void round, paused dealing), else empty. */
export const selectRemark = (state: Store): string => state.round?.remark ?? '';
export const selectCard = (state: Store): string => state.round?.card ?? '';
export const selectNextLt = (state: Store): number => state.round?.next_lt ?? 0;
export const selectSeq = (state: Store): number => state.round?.seq ?? 0;
export const selectHands = (state: Store): CardHand[] => state.round?.hands ?? NO_HANDS;
export const selectItems = (state: Store): CasinoItem[] => state.round?.items ?? NO_ITEMS;
export const selectResults = (state: Store): ResultRow[] => state.round?.results ?? NO_RESULTS;
export const selectStats = (state: Store): TableStats | undefined => state.round?.stats;
export const selectBets = (state: Store): BetView[] => state.bets;
export const selectLastBets = (state: Store): RoundBetsOf | null => state.lastBets;
/** The bets My Bet shows: the running round's, else the last round's (with its round id). Not a
 * selector for `useCasinoStore` (it builds a new object): use `useShownBets`. */
export const selectShownBets = (state: Store): RoundBetsOf | null =>
  state.bets.length > 0 && state.round ? { mid: state.round.mid, bets: state.bets } : state.lastBets;

/** `selectShownBets` from three stable selections, so a render reads the same answer twice. */
export function useShownBets(): RoundBetsOf | null {
  const bets = useCasinoStore(selectBets);
  const mid = useCasinoStore(selectMid);
  const lastBets = useCasinoStore(selectLastBets);
  return bets.length > 0 && mid ? { mid, bets } : lastBets;
}
export const selectWinners = (state: Store): number[] => state.round?.winners ?? NO_WINNERS;
/** Whether item `sid` won the round just resulted: each cell re-renders only when it flips. */
export const selectItemWon =
  (sid: number) =>
  (state: Store): boolean =>
    state.round?.status === 'RESULT' && (state.round.winners ?? NO_WINNERS).includes(sid);
export const selectSlip = (state: Store): CasinoSlip => state.slip;
/** The side selected on one item, or null: each cell re-renders only when its own state flips. */
export const selectSelectedSide =
  (sid: number) =>
  (state: Store): CasinoSelection['side'] | null =>
    state.slip.selection?.sid === sid ? state.slip.selection.side : null;
