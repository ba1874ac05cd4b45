import { accountLine, filterLines, hasRoundId, openPlan, settlementLine, settlementLines } from '../model/statement';
import { makeAccountRow, makeBet, makeCasinoBet, makeDetail, makeRound, makeSettlement } from './fixtures';

const day = (text: string) => {
  const [y, m, d] = text.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

describe('statement row mapping', () => {
  it('a won market is a credit of its summed profit, with the balance after and its remarks', () => {
    const line = settlementLine(makeSettlement({ totalProfit: 180.5, pts: 100180.5, remarks: 'India v Pakistan / Match Odds' }));
    expect(line).toMatchObject({ credit: 180.5, debit: null, pts: 100180.5, remark: 'India v Pakistan / Match Odds' });
  });

  it('a lost market is a debit (negative) and no credit', () => {
    const line = settlementLine(makeSettlement({ totalProfit: -200, pts: 99800 }));
    expect(line).toMatchObject({ credit: null, debit: -200, pts: 99800 });
  });

  it('a row without remarks is remarked by its event name', () => {
    expect(settlementLine(makeSettlement({ remarks: '', eventName: 'Teen Patti 20-20' })).remark).toBe('Teen Patti 20-20');
  });

  it('account rows split their signed amount into credit or debit and keep no settlement', () => {
    expect(accountLine(makeAccountRow({ amount: 250.75 }))).toMatchObject({ credit: 250.75, debit: null, remark: 'Opening credit', settlement: null });
    expect(accountLine(makeAccountRow({ amount: -50, pts: 100200.75, remarks: 'cash out' }))).toMatchObject({ credit: null, debit: -50, pts: 100200.75, remark: 'cash out' });
  });
});

describe('statement filters', () => {
  // Local times, so the test holds in any time zone.
  const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();
  const lines = [
    settlementLine(makeSettlement({ createdAt: at(2026, 3, 10, 0), remarks: 'India v Pakistan / Match Odds', seq: 1 })),
    settlementLine(makeSettlement({ createdAt: at(2026, 3, 8, 23), remarks: 'Teen Patti 20-20 / 260308', totalProfit: -100, seq: 2 })),
    accountLine(makeAccountRow({ createdAt: at(2026, 3, 1), remarks: 'Opening credit', seq: 3 })),
  ];

  it('keeps lines whose local day is within from..to, both days inclusive', () => {
    const shown = filterLines(lines, { from: day('2026-03-08'), to: day('2026-03-10'), search: '' });
    expect(shown.map((line) => line.remark)).toEqual(['India v Pakistan / Match Odds', 'Teen Patti 20-20 / 260308']);
    expect(filterLines(lines, { from: day('2026-03-09'), to: day('2026-03-09'), search: '' })).toEqual([]);
    expect(filterLines(lines, { from: day('2026-03-01'), to: day('2026-03-01'), search: '' }).map((l) => l.remark)).toEqual(['Opening credit']);
  });

  it('searches the cells shown, in any case', () => {
    const range = { from: day('2026-01-01'), to: day('2026-12-31') };
    expect(filterLines(lines, { ...range, search: 'teen patti' }).map((l) => l.remark)).toEqual(['Teen Patti 20-20 / 260308']);
    expect(filterLines(lines, { ...range, search: '-100.00' })).toHaveLength(1);
    expect(filterLines(lines, { ...range, search: '01/03/2026' }).map((l) => l.remark)).toEqual(['Opening credit']);
    expect(filterLines(lines, { ...range, search: '  ' })).toHaveLength(3);
    expect(filterLines(lines, { ...range, search: 'nothing like this' })).toEqual([]);
  });
});

describe('what a click on a statement line opens', () => {
  it('account lines and synthetic rows open nothing', () => {
    expect(openPlan(accountLine(makeAccountRow()))).toEqual({ kind: 'none' });
    expect(openPlan(settlementLine(makeSettlement({ isSynthetic: true })))).toEqual({ kind: 'none' });
  });

  it('a sports row opens the modal with its bets', () => {
    const row = makeSettlement();
    expect(openPlan(settlementLine(row))).toEqual({ kind: 'bets', row });
  });

  it('a row whose first bet is a casino bet fetches its round by gtype and round id', () => {
    const row = makeSettlement({ bets: [makeCasinoBet({ result: 98 })], marketName: '260310011234' });
    expect(openPlan(settlementLine(row))).toEqual({ kind: 'round', row, gtype: 'teen20', mid: '260310011234' });
  });

  it('only the first bet decides', () => {
    const row = makeSettlement({ bets: [makeBet({ result: 10 }), makeCasinoBet({ result: 98 })] });
    expect(openPlan(settlementLine(row)).kind).toBe('bets');
  });

  it('a fetched round opens the modal only when it has a round id', () => {
    expect(hasRoundId(makeDetail())).toBe(true);
    expect(hasRoundId(makeDetail({ result: makeRound({ mid: '' }) }))).toBe(false);
    expect(hasRoundId(undefined)).toBe(false);
  });
});

describe('commission lines', () => {
  it('a market that charged commission gives its own line above the settlement, with the balance after it', () => {
    const [commission, settled] = settlementLines(makeSettlement({ totalProfit: 200, commission: 10, pts: 100200, remarks: 'A v B / Match Odds', seq: 9 }));
    expect(settled!.credit).toBe(200);
    expect(commission).toMatchObject({ debit: -10, credit: null, pts: 100190, remark: 'Commission on net winnings: A v B / Match Odds', settlement: null });
  });

  it('no commission, no line', () => {
    expect(settlementLines(makeSettlement({ totalProfit: -50 }))).toHaveLength(1);
  });
});
