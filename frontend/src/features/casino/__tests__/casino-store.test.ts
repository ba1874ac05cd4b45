import { act } from '@testing-library/react';
import { selectItems, selectLt, selectShownBets, useCasinoStore } from '../stores/casino-store';
import { dealing, makeRound } from './round-fixtures';

const selection = { gtype: 'teen20', mid: '2611230100100', sid: 1, nat: 'Player A', side: 'back' as const, rate: 1.98, min: 100, max: 25000 };

function openTable(gtype: string, round = makeRound({ gtype })) {
  act(() => {
    useCasinoStore.getState().reset(gtype);
    useCasinoStore.getState().applyRound(round);
  });
  return round;
}

describe('the casino store follows the live round', () => {
  it('a countdown delta changes lt and leaves the items untouched (the table does not re-render)', () => {
    const round = openTable('teen20');
    const items = selectItems(useCasinoStore.getState());
    act(() => useCasinoStore.getState().applyRound({ mid: round.mid, ts: round.ts + 1000, lt: 14 }));
    expect(selectLt(useCasinoStore.getState())).toBe(14);
    expect(selectItems(useCasinoStore.getState())).toBe(items);
  });

  it('an update that changes nothing notifies no subscriber (no page re-renders for it)', () => {
    const round = openTable('teen20');
    act(() => useCasinoStore.getState().setMotionScale(0.5));
    const notified = vi.fn();
    const unsubscribe = useCasinoStore.subscribe(notified);
    act(() => {
      useCasinoStore.getState().setMotionScale(0.5);
      useCasinoStore.getState().applyRound({ mid: round.mid, ts: round.ts - 1000, lt: 3 });
      useCasinoStore.getState().applyRound(makeRound({ gtype: 'dt20', ename: 'Dragon Tiger 20-20', ts: 2_000_000 }));
      useCasinoStore.getState().setBets('another round', []);
      useCasinoStore.getState().setUnavailable();
    });
    unsubscribe();
    expect(notified).not.toHaveBeenCalled();
  });

  it('ignores a round of another table', () => {
    openTable('teen20');
    act(() => useCasinoStore.getState().applyRound(makeRound({ gtype: 'dt20', ename: 'Dragon Tiger 20-20', ts: 2_000_000 })));
    expect(useCasinoStore.getState().round?.gtype).toBe('teen20');
  });

  it('clears the slip and stake when the next round opens', () => {
    const round = openTable('teen20');
    act(() => {
      useCasinoStore.getState().select(selection);
      useCasinoStore.getState().setStake(500);
      useCasinoStore.getState().applyRound({ ...dealing(round), ts: round.ts + 20_000 });
    });
    expect(useCasinoStore.getState().slip.stake).toBe(500);
    act(() => useCasinoStore.getState().applyRound(makeRound({ mid: '2611230100132', lt: 20, ts: round.ts + 32_000 })));
    expect(useCasinoStore.getState().slip).toEqual({ selection: null, stake: 0, submitting: false });
  });

  it('keeps the slip and stake into the next round on roulette', () => {
    const round = openTable('roulette');
    act(() => {
      useCasinoStore.getState().select({ ...selection, gtype: 'roulette', nat: '17', sid: 18, rate: 36 });
      useCasinoStore.getState().setStake(300);
      useCasinoStore.getState().applyRound({ ...dealing(round), ts: round.ts + 20_000 });
      useCasinoStore.getState().applyRound(makeRound({ gtype: 'roulette', mid: '2611230700132', lt: 20, ts: round.ts + 32_000 }));
    });
    expect(useCasinoStore.getState().round?.mid).toBe('2611230700132');
    expect(useCasinoStore.getState().slip.selection?.nat).toBe('17');
    expect(useCasinoStore.getState().slip.stake).toBe(300);
  });

  it('keeps the last round’s bets, with their results, until the player bets on the next round', () => {
    const round = openTable('teen20');
    const bet = { betId: 1, sectionName: 'Player A', result: null } as never;
    const settled = { betId: 1, sectionName: 'Player A', result: 98 } as never;
    act(() => useCasinoStore.getState().setBets(round.mid, [bet]));
    expect(useCasinoStore.getState().bets).toHaveLength(1);
    act(() => useCasinoStore.getState().applyRound(makeRound({ mid: '2611230100132', ts: round.ts + 32_000 })));
    expect(useCasinoStore.getState().bets).toEqual([]);
    expect(selectShownBets(useCasinoStore.getState())).toEqual({ mid: round.mid, bets: [bet] });
    // The last round's result arrives after the next round opened.
    act(() => useCasinoStore.getState().setBets(round.mid, [settled]));
    expect(useCasinoStore.getState().bets).toEqual([]);
    expect(selectShownBets(useCasinoStore.getState())).toEqual({ mid: round.mid, bets: [settled] });
    act(() => useCasinoStore.getState().setBets('2611230100132', []));
    expect(useCasinoStore.getState().lastBets?.mid).toBe(round.mid);
    const next = { betId: 2, sectionName: 'Player B', result: null } as never;
    act(() => useCasinoStore.getState().setBets('2611230100132', [next]));
    expect(useCasinoStore.getState().lastBets).toBeNull();
    expect(selectShownBets(useCasinoStore.getState())).toEqual({ mid: '2611230100132', bets: [next] });
    act(() => useCasinoStore.getState().setBets('2611230100999', [bet]));
    expect(useCasinoStore.getState().bets).toEqual([next]);
  });

  it('marks a table the server does not run as unavailable, never one that has a round', () => {
    act(() => {
      useCasinoStore.getState().reset('ballbyball');
      useCasinoStore.getState().setUnavailable();
    });
    expect(useCasinoStore.getState().unavailable).toBe(true);
    openTable('teen20');
    expect(useCasinoStore.getState().unavailable).toBe(false);
    act(() => useCasinoStore.getState().setUnavailable());
    expect(useCasinoStore.getState().unavailable).toBe(false);
  });
});
