import type { BetView, SettlementRow } from '@/types';
import { ALL_GAMES, filterRows, outcomeOf, settledRows, toRow, unsettledRows } from '../model/casino-bets';

function bet(overrides: Partial<BetView> = {}): BetView {
  return {
    betId: 11,
    etid: 0,
    eventName: 'Teen Patti 20-20',
    marketId: 2601100001,
    marketName: '2601100001',
    sectionName: 'Player A',
    sid: 1,
    betType: 'back',
    uRate: 1.98,
    amount: 100,
    profit: 98,
    liability: 100,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    gType: 'teen20',
    casino: true,
    gameId: 1,
    ip: '127.0.0.1',
    browserDetails: '',
    result: null,
    voided: false,
    ...overrides,
  };
}

function row(bets: BetView[]): SettlementRow {
  return { createdAt: '2026-01-10T10:01:00.000Z', marketId: 1, gameId: 1, eventName: 'Teen Patti 20-20', marketName: '1', totalProfit: 0, commission: 0, pts: 0, isSynthetic: false, remarks: '', bets, betCount: bets.length, seq: 1 };
}

describe('live casino bet rows', () => {
  it('maps a bet to game, selection, amount, result, round id and transaction id', () => {
    expect(toRow(bet({ result: 98 }))).toEqual({
      betId: 11,
      game: 'Teen Patti 20-20',
      gType: 'teen20',
      selection: 'Player A',
      side: 'back',
      outcome: 'Win',
      amount: 100,
      total: 98,
      createdAt: '2026-01-10T10:00:00.000Z',
      roundId: '2601100001',
    });
  });

  it('calls a positive result a Win, a negative one a Loss, a void round Void, 0 otherwise Push, none Pending', () => {
    expect(outcomeOf({ result: 5, voided: false })).toBe('Win');
    expect(outcomeOf({ result: -100, voided: false })).toBe('Loss');
    expect(outcomeOf({ result: 0, voided: true })).toBe('Void');
    expect(outcomeOf({ result: 0, voided: false })).toBe('Push');
    expect(outcomeOf({ result: null, voided: false })).toBe('Pending');
  });

  it('settled rows are the settled casino bets inside the statement rows, newest first', () => {
    const rows = settledRows([
      row([bet({ betId: 1, result: -100, createdAt: '2026-01-10T09:00:00.000Z' })]),
      row([bet({ betId: 2, result: 98, createdAt: '2026-01-10T11:00:00.000Z' }), bet({ betId: 3, casino: false, result: 5 })]),
    ]);
    expect(rows.map((r) => [r.betId, r.outcome, r.total])).toEqual([
      [2, 'Win', 98],
      [1, 'Loss', -100],
    ]);
  });

  it('un-settled rows are the open casino bets only', () => {
    const rows = unsettledRows([bet({ betId: 4 }), bet({ betId: 5, casino: false }), bet({ betId: 6, result: 10 })]);
    expect(rows.map((r) => r.betId)).toEqual([4]);
    expect(rows[0]?.total).toBeNull();
  });

  it('filters by the local day, the game and a case-insensitive search', () => {
    const placed = new Date(2026, 0, 10, 15, 30).toISOString();
    const rows = [
      toRow(bet({ betId: 1, createdAt: placed })),
      toRow(bet({ betId: 2, createdAt: placed, gType: 'lucky7', eventName: 'Lucky 7', sectionName: 'Low Card' })),
      toRow(bet({ betId: 3, createdAt: new Date(2026, 0, 9, 15, 30).toISOString() })),
    ];
    const ids = (date: string, game: string, search: string) => filterRows(rows, { date, game, search }).map((r) => r.betId);
    expect(ids('2026-01-10', ALL_GAMES, '')).toEqual([1, 2]);
    expect(ids('', ALL_GAMES, '')).toEqual([1, 2, 3]);
    expect(ids('2026-01-10', 'lucky7', '')).toEqual([2]);
    expect(ids('', ALL_GAMES, 'LOW card')).toEqual([2]);
    expect(ids('', ALL_GAMES, '2601100001')).toEqual([1, 2, 3]);
    expect(ids('', ALL_GAMES, 'nothing like it')).toEqual([]);
  });
});
