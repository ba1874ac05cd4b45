// Builders for the report tests: wire rows with sensible defaults.
import type { AccountRow, BetView, CasinoResultDetail, RoundResult, SettlementRow } from '@/types';

export function makeBet(overrides: Partial<BetView> = {}): BetView {
  return {
    betId: 1,
    etid: 4,
    eventName: 'India v Pakistan',
    marketId: 1000001,
    marketName: 'Match Odds',
    sectionName: 'India',
    sid: 1,
    betType: 'back',
    uRate: 1.9,
    amount: 200,
    profit: 180,
    liability: 200,
    createdAt: '2026-03-10T10:00:00.000Z',
    updatedAt: '2026-03-10T10:00:00.000Z',
    gType: 'match',
    casino: false,
    gameId: 100001,
    ip: '203.0.113.9',
    browserDetails: 'Mozilla/5.0 Test',
    result: null,
    voided: false,
    ...overrides,
  };
}

export function makeCasinoBet(overrides: Partial<BetView> = {}): BetView {
  return makeBet({
    etid: 0,
    eventName: 'Teen Patti 20-20',
    marketId: 260310011234,
    marketName: '260310011234',
    sectionName: 'Player A',
    gType: 'teen20',
    casino: true,
    gameId: 1,
    uRate: 1.98,
    amount: 100,
    ...overrides,
  });
}

export function makeSettlement(overrides: Partial<SettlementRow> = {}): SettlementRow {
  const bets = overrides.bets ?? [makeBet({ result: 180 })];
  const first = bets[0]!;
  return {
    createdAt: '2026-03-10T12:00:00.000Z',
    marketId: first.marketId,
    gameId: first.gameId,
    eventName: first.eventName,
    marketName: first.marketName,
    totalProfit: 180,
    commission: 0,
    pts: 100180,
    isSynthetic: false,
    remarks: `${first.eventName} / ${first.marketName}`,
    betCount: bets.length,
    bets,
    seq: 7,
    ...overrides,
  };
}

export function makeAccountRow(overrides: Partial<AccountRow> = {}): AccountRow {
  return { createdAt: '2026-03-09T08:00:00.000Z', amount: 250.75, pts: 100250.75, remarks: 'Opening credit', seq: 3, ...overrides };
}

export function makeRound(overrides: Partial<RoundResult> = {}): RoundResult {
  return {
    mid: '260310011234',
    gtype: 'teen20',
    seed: 42,
    win: 'A',
    winner: 'Player A',
    rdesc: 'Player A | Player A: Pair | Player B: High card',
    stacked: false,
    card: 'KSS,2HH,KDD,3CC,9HH,4DD',
    hands: [
      { name: 'Player A', cards: ['KSS', 'KDD', '9HH'] },
      { name: 'Player B', cards: ['2HH', '3CC', '4DD'] },
    ],
    items: [
      { sid: 1, nat: 'Player A', outcome: { kind: 'win' } },
      { sid: 2, nat: 'Player B', outcome: { kind: 'lose' } },
      { sid: 3, nat: 'Pair Plus A', outcome: { kind: 'pays', rate: 2 } },
      { sid: 4, nat: 'Tie', outcome: { kind: 'push' } },
    ],
    ...overrides,
  };
}

export function makeDetail(overrides: Partial<CasinoResultDetail> = {}): CasinoResultDetail {
  return {
    result: makeRound(),
    ename: 'Teen Patti 20-20',
    createdAt: '2026-03-10T12:00:04.000Z',
    bets: [makeCasinoBet({ result: 98 })],
    totalProfit: 98,
    ...overrides,
  };
}
