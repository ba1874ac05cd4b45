import fs from 'node:fs';
import path from 'node:path';
import type { MarketType, Side } from '@/types';
import { canSubmit, isExchangeMarket, preview, projectedRunAmount, projectedRunner, type Selection, type SlipState } from '../model/slip';

const selection: Selection = {
  gameId: 100000,
  etid: 4,
  eventName: 'South Africa v India',
  marketId: 1000000,
  marketName: 'Match Odds',
  gtype: 'match',
  exchange: true,
  sectionId: 1,
  sectionName: 'South Africa',
  side: 'back',
  price: 1.78,
  size: 500,
  min: 100,
  max: 200000,
};

describe('Submit is enabled only with a selection, a positive stake and no submission in flight', () => {
  it('is disabled with no selection', () => {
    expect(canSubmit({ selection: null, stake: 100, submitting: false, persistence: 'lapse', rejection: null })).toBe(false);
  });
  it('is disabled with a stake of 0 or less', () => {
    expect(canSubmit({ selection, stake: 0, submitting: false, persistence: 'lapse', rejection: null })).toBe(false);
    expect(canSubmit({ selection, stake: -5, submitting: false, persistence: 'lapse', rejection: null })).toBe(false);
    expect(canSubmit({ selection, stake: Number.NaN, submitting: false, persistence: 'lapse', rejection: null })).toBe(false);
  });
  it('is disabled while submitting', () => {
    expect(canSubmit({ selection, stake: 100, submitting: true, persistence: 'lapse', rejection: null })).toBe(false);
  });
  it('is enabled otherwise', () => {
    expect(canSubmit({ selection, stake: 100, submitting: false, persistence: 'lapse', rejection: null })).toBe(true);
  });
  it('is disabled on an exchange market while the price is not on the ladder', () => {
    for (const price of [0, 2.01, 1, 1200]) {
      expect(canSubmit({ selection: { ...selection, price }, stake: 100, submitting: false, persistence: 'lapse', rejection: null })).toBe(false);
    }
    expect(canSubmit({ selection: { ...selection, price: 2.02 }, stake: 100, submitting: false, persistence: 'keep', rejection: null })).toBe(true);
  });
  it('takes any rate on the markets booked against the house', () => {
    expect(canSubmit({ selection: { ...selection, gtype: 'match1', exchange: false, price: 45.5 }, stake: 100, submitting: false, persistence: 'lapse', rejection: null })).toBe(true);
    // Match odds on a server that does not match orders: the feed's price, whatever it is.
    expect(canSubmit({ selection: { ...selection, exchange: false, price: 2.01 }, stake: 100, submitting: false, persistence: 'lapse', rejection: null })).toBe(true);
  });
  it('treats match odds as the exchange’s only while the server matches orders', () => {
    expect(isExchangeMarket('match', true)).toBe(true);
    expect(isExchangeMarket('match', false)).toBe(false);
    expect(isExchangeMarket('match1', true)).toBe(false);
  });
});

describe('profit preview per market type (spec §9)', () => {
  it('bookmaker back wins stake × odds / 100', () => {
    expect(preview('match1', 'back', 45, 1000)).toEqual({ profit: 450, liability: 1000 });
  });
  it('match odds back wins (odds − 1) × stake', () => {
    expect(preview('match', 'back', 1.85, 100)).toEqual({ profit: 85, liability: 100 });
  });
  it('other decimal-priced markets back the same way', () => {
    expect(preview('fancy1', 'back', 3.1, 200).profit).toBe(420);
    expect(preview('oddeven', 'back', 1.95, 100).profit).toBe(95);
    expect(preview('cricketcasino', 'back', 19.5, 100).profit).toBe(1850);
  });
  it('a lay wins the stake and risks what the back would win', () => {
    expect(preview('match', 'lay', 1.85, 100)).toEqual({ profit: 100, liability: 85 });
    expect(preview('match1', 'lay', 45, 1000)).toEqual({ profit: 1000, liability: 450 });
  });
  it('run lines win stake × rate / 100 on Yes and risk it on No', () => {
    expect(preview('fancy', 'back', 62, 100, 90)).toEqual({ profit: 90, liability: 100 });
    expect(preview('fancy', 'lay', 61, 100, 110)).toEqual({ profit: 100, liability: 110 });
    expect(preview('khado', 'back', 60, 200, 30).profit).toBe(60);
  });
  it('floors to the minor unit as the ledger does: a back of 10.01 at 1.85 wins 8.50, not 8.51', () => {
    expect(preview('match', 'back', 1.85, 10.01)).toEqual({ profit: 8.5, liability: 10.01 });
  });
  it('a meter stake is per run: a No of 100 risks 50 runs of it, as the ledger takes', () => {
    expect(preview('meter', 'lay', 44, 100)).toEqual({ profit: 4400, liability: 5000 });
  });
  it('shows nothing to win with no stake', () => {
    expect(preview('match', 'back', 1.85, 0)).toEqual({ profit: 0, liability: 0 });
  });
});

describe('projectedRunner', () => {
  const selection = {
    gameId: 1,
    etid: 4,
    eventName: 'A v B',
    marketId: 10,
    marketName: 'Match Odds',
    gtype: 'match' as const,
    exchange: true,
    sectionId: 1,
    sectionName: 'A',
    side: 'back' as const,
    price: 2.5,
    size: 100,
    min: 100,
    max: 200000,
  };
  const slip = (overrides: Partial<SlipState> = {}): SlipState => ({ selection, stake: 200, submitting: false, persistence: 'lapse', rejection: null, ...overrides });

  it('adds what a back makes to the backed runner and takes the stake from the others', () => {
    expect(projectedRunner(slip(), 10, 1, 0)).toBe(300);
    expect(projectedRunner(slip(), 10, 2, 0)).toBe(-200);
    expect(projectedRunner(slip(), 10, 2, 150.5)).toBe(-49.5);
  });

  it('a lay risks (odds − 1) × stake on its runner and wins the stake on the others', () => {
    const lay = slip({ selection: { ...selection, side: 'lay' } });
    expect(projectedRunner(lay, 10, 1, 0)).toBe(-300);
    expect(projectedRunner(lay, 10, 3, 0)).toBe(200);
  });

  it('prices a bookmaker rate per 100', () => {
    const bookmaker = slip({ selection: { ...selection, gtype: 'match1', price: 45 } });
    expect(projectedRunner(bookmaker, 10, 1, 0)).toBe(90);
  });

  it('is nothing without a stake, for another market, or on a run line', () => {
    expect(projectedRunner(slip({ stake: 0 }), 10, 1, 0)).toBeNull();
    expect(projectedRunner(slip(), 11, 1, 0)).toBeNull();
    expect(projectedRunner(slip({ selection: { ...selection, gtype: 'fancy' } }), 10, 1, 0)).toBeNull();
    expect(projectedRunner(slip({ selection: null }), 10, 1, 0)).toBeNull();
  });
});

describe('projected Run Amount of a line market while the stake is typed (liveBook)', () => {
  const fancy: Selection = { ...selection, marketId: 7, gtype: 'fancy', sectionId: 3, sectionName: '6 over runs IND', side: 'back', price: 45, size: 100 };
  const slip = (over: Partial<Selection>, stake = 100): SlipState => ({ selection: { ...fancy, ...over }, stake, submitting: false, persistence: 'lapse', rejection: null });

  it('is null without a priced bet on this very line', () => {
    expect(projectedRunAmount({ selection: null, stake: 100, submitting: false, persistence: 'lapse', rejection: null }, 7, 3, [])).toBeNull();
    expect(projectedRunAmount(slip({}, 0), 7, 3, [])).toBeNull();
    expect(projectedRunAmount(slip({}), 7, 4, [])).toBeNull();
    expect(projectedRunAmount(slip({ gtype: 'match' }), 7, 3, [])).toBeNull();
  });

  it('a Yes at 45 on an empty book loses the stake below 45 and wins stake × rate / 100 from 45', () => {
    expect(projectedRunAmount(slip({ size: 90 }), 7, 3, [])).toEqual([
      { run: 0, profitLoss: -100 },
      { run: 44, profitLoss: -100 },
      { run: 45, profitLoss: 90 },
      { run: 999, profitLoss: 90 },
    ]);
  });

  it('adds to today’s table: a No at 50 over a Yes at 45 books a middle', () => {
    const today = [
      { run: 0, profitLoss: -100 },
      { run: 44, profitLoss: -100 },
      { run: 45, profitLoss: 100 },
      { run: 999, profitLoss: 100 },
    ];
    expect(projectedRunAmount(slip({ side: 'lay', price: 50 }), 7, 3, today)).toEqual([
      { run: 0, profitLoss: 0 },
      { run: 44, profitLoss: 0 },
      { run: 45, profitLoss: 200 },
      { run: 49, profitLoss: 200 },
      { run: 50, profitLoss: 0 },
      { run: 999, profitLoss: 0 },
    ]);
  });

  it('a meter bet grows by the stake per run up to its cap, and reads today’s bends in between', () => {
    const rows = projectedRunAmount(slip({ gtype: 'meter', price: 100 }, 10), 7, 3, []);
    expect(rows).toEqual([
      { run: 0, profitLoss: -500 },
      { run: 50, profitLoss: -500 },
      { run: 100, profitLoss: 0 },
      { run: 150, profitLoss: 500 },
      { run: 999, profitLoss: 500 },
    ]);
    const doubled = projectedRunAmount(slip({ gtype: 'meter', price: 100 }, 10), 7, 3, rows ?? []);
    expect(doubled?.find((row) => row.run === 100)?.profitLoss).toBe(0);
    expect(doubled?.find((row) => row.run === 150)?.profitLoss).toBe(1000);
  });

  it('a khado bet wins only inside its range', () => {
    const rows = projectedRunAmount(slip({ gtype: 'khado', price: 40, size: 200 }, 50), 7, 3, [], 5);
    expect(rows?.map((row) => [row.run, row.profitLoss])).toEqual([
      [0, -50],
      [39, -50],
      [40, 100],
      [44, 100],
      [45, -50],
      [999, -50],
    ]);
  });
});

type PreviewCase = {
  name: string;
  gtype: MarketType;
  side: Side;
  price: number;
  size: number;
  width?: number;
  stake: number;
  profit: number;
  liability: number;
  runners?: { sid: number; pnl: number }[];
  runs?: { run: number; pnl: number }[];
};

// The cases the server's ledger/tests/client_rules.rs places through the ledger: both sides must give these answers.
const CASES_FILE = path.resolve(__dirname, '../../../../../schemas/test-vectors/bet-rules.json');

describe('the slip previews what the ledger pays and takes (schemas/test-vectors/bet-rules.json)', () => {
  const { previews } = JSON.parse(fs.readFileSync(CASES_FILE, 'utf8')) as { previews: PreviewCase[] };

  it('has cases', () => {
    expect(previews.length).toBeGreaterThan(0);
  });

  it.each(previews.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, testCase) => {
    const { gtype, side, price, size, stake, width = 0 } = testCase;
    expect(preview(gtype, side, price, stake, size, width)).toEqual({ profit: testCase.profit, liability: testCase.liability });
    const slip: SlipState = { selection: { ...selection, marketId: 7, sectionId: 1, gtype, side, price, size }, stake, submitting: false, persistence: 'lapse', rejection: null };
    for (const sid of [1, 2, 3]) {
      const runner = testCase.runners?.find((entry) => entry.sid === sid);
      expect(projectedRunner(slip, 7, sid, 0), `runner ${sid}`).toBe(runner ? runner.pnl : null);
    }
    const runs = testCase.runs?.map(({ run, pnl }) => ({ run, profitLoss: pnl })) ?? null;
    expect(projectedRunAmount(slip, 7, 1, [], width)).toEqual(runs);
  });
});
