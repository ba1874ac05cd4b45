import { makeFixture, makeMarket, makeSection } from '@/testing/fixtures';
import { EMPTY_MATCH, applyDelta, fromSnapshot } from '../model/match-reducer';

const matchOdds = makeMarket();
const fancy = makeMarket({ mid: 1000002, mname: '6 over runs SA', gtype: 'fancy', section: [makeSection({ nat: '6 over runs SA' })] });
const start = () => fromSnapshot({ fixture: makeFixture(), markets: [matchOdds, fancy], scoreboard: null });

describe('match delta reducer', () => {
  it('a snapshot replaces everything and keeps the feed order', () => {
    const state = start();
    expect(state.marketIds).toEqual([1000000, 1000002]);
    expect(state.byId[1000002]).toBe(fancy);
    expect(state.fixture?.ename).toBe('South Africa v India');
  });

  it('a market delta replaces that market only and keeps the others identical', () => {
    const before = start();
    const moved = makeMarket({ section: [makeSection({ odds: [{ otype: 'back', odds: 1.9, size: 10, tno: 0 }] })] });
    const after = applyDelta(before, { kind: 'market', market: moved });
    expect(after.byId[1000000]).toBe(moved);
    expect(after.byId[1000002]).toBe(before.byId[1000002]);
    expect(after.marketIds).toBe(before.marketIds);
  });

  it('a market not seen before is appended', () => {
    const added = makeMarket({ mid: 42, mname: 'Bookmaker', gtype: 'match1' });
    const after = applyDelta(start(), { kind: 'market', market: added });
    expect(after.marketIds).toEqual([1000000, 1000002, 42]);
  });

  it('fixture and scoreboard deltas replace those parts', () => {
    const scoreboard = { message: 'SA need 10', balls: ['4'], teams: [] };
    let state = applyDelta(start(), { kind: 'scoreboard', scoreboard });
    state = applyDelta(state, { kind: 'fixture', fixture: makeFixture({ iplay: false }) });
    expect(state.scoreboard).toBe(scoreboard);
    expect(state.fixture?.iplay).toBe(false);
  });

  it('a settled market leaves the page and late updates of it are ignored', () => {
    let state = applyDelta(start(), { kind: 'settled', mid: 1000002, result: { kind: 'runs', value: 64 } });
    expect(state.marketIds).toEqual([1000000]);
    expect(state.byId[1000002]).toBeUndefined();
    expect(state.settled[1000002]).toEqual({ kind: 'runs', value: 64 });
    state = applyDelta(state, { kind: 'market', market: fancy });
    expect(state.marketIds).toEqual([1000000]);
  });

  it('removed marks the match closed; match replaces it whole', () => {
    expect(applyDelta(start(), { kind: 'removed' }).removed).toBe(true);
    const replaced = applyDelta(start(), { kind: 'match', match: { fixture: makeFixture(), markets: [fancy], scoreboard: null } });
    expect(replaced.marketIds).toEqual([1000002]);
  });

  it('starts empty', () => {
    expect(EMPTY_MATCH.marketIds).toEqual([]);
  });
});
