// The match page's state and how the `match:{gmid}` topic changes it (docs/api.md): a snapshot
// replaces everything, deltas replace one market, the fixture or the scoreboard, settle a market
// or remove the match. Untouched markets keep their identity so their tables do not re-render.
import type { Fixture, Market, MarketResult, Scoreboard } from '@/types';
import type { FinalResult, MatchSnapshot } from '../api/get-match-state';

export type MatchState = {
  fixture: Fixture | null;
  /** Market ids in display order (as the feed lists them). */
  marketIds: number[];
  byId: Record<number, Market>;
  scoreboard: Scoreboard | null;
  settled: Record<number, MarketResult>;
  removed: boolean;
  /** The simulated clock when last heard, Unix milliseconds (the fixture's `stime` is on it). */
  clockMs: number | null;
  /** The fixture is over: how it ended. */
  over: FinalResult | null;
};

export type MatchDelta =
  | { kind: 'market'; market: Market }
  | { kind: 'fixture'; fixture: Fixture }
  | { kind: 'scoreboard'; scoreboard: Scoreboard | null }
  | { kind: 'settled'; mid: number; result: MarketResult }
  | { kind: 'removed' }
  | { kind: 'clock'; clock_ms: number }
  | { kind: 'match'; match: MatchSnapshot };

export const EMPTY_MATCH: MatchState = { fixture: null, marketIds: [], byId: {}, scoreboard: null, settled: {}, removed: false, clockMs: null, over: null };

export function fromSnapshot(snapshot: MatchSnapshot): MatchState {
  const byId: Record<number, Market> = {};
  const marketIds: number[] = [];
  for (const market of snapshot.markets ?? []) {
    byId[market.mid] = market;
    marketIds.push(market.mid);
  }
  // A market decided before the page opened stays, closed, naming its result.
  const settled: Record<number, MarketResult> = {};
  for (const { mid, result } of snapshot.results ?? []) settled[mid] = result;
  return { fixture: snapshot.fixture ?? null, marketIds, byId, scoreboard: snapshot.scoreboard ?? null, settled, removed: Boolean(snapshot.over), clockMs: snapshot.clock_ms ?? null, over: snapshot.over ?? null };
}

export function applyDelta(state: MatchState, delta: MatchDelta): MatchState {
  switch (delta.kind) {
    case 'market': {
      const { market } = delta;
      if (state.settled[market.mid]) return state;
      const known = market.mid in state.byId;
      return {
        ...state,
        byId: { ...state.byId, [market.mid]: market },
        marketIds: known ? state.marketIds : [...state.marketIds, market.mid],
      };
    }
    case 'fixture':
      return { ...state, fixture: delta.fixture };
    case 'scoreboard':
      return { ...state, scoreboard: delta.scoreboard };
    case 'settled': {
      // A settled market leaves the page; its result is kept for anything that asks.
      const byId = { ...state.byId };
      delete byId[delta.mid];
      return {
        ...state,
        byId,
        marketIds: state.marketIds.filter((mid) => mid !== delta.mid),
        settled: { ...state.settled, [delta.mid]: delta.result },
      };
    }
    case 'removed':
      return { ...state, removed: true };
    case 'clock':
      return { ...state, clockMs: delta.clock_ms };
    case 'match':
      return fromSnapshot(delta.match);
    default:
      return state;
  }
}

export function isMatchDelta(data: unknown): data is MatchDelta {
  return typeof data === 'object' && data !== null && typeof (data as { kind?: unknown }).kind === 'string';
}
