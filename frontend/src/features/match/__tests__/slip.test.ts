import { canSubmit, preview, projectedRunner, type Selection, type SlipState } from '../model/slip';

const selection: Selection = {
  gameId: 100000,
  etid: 4,
  eventName: 'South Africa v India',
  marketId: 1000000,
  marketName: 'Match Odds',
  gtype: 'match',
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
    expect(canSubmit({ selection: null, stake: 100, submitting: false })).toBe(false);
  });
  it('is disabled with a stake of 0 or less', () => {
    expect(canSubmit({ selection, stake: 0, submitting: false })).toBe(false);
    expect(canSubmit({ selection, stake: -5, submitting: false })).toBe(false);
    expect(canSubmit({ selection, stake: Number.NaN, submitting: false })).toBe(false);
  });
  it('is disabled while submitting', () => {
    expect(canSubmit({ selection, stake: 100, submitting: true })).toBe(false);
  });
  it('is enabled otherwise', () => {
    expect(canSubmit({ selection, stake: 100, submitting: false })).toBe(true);
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
    sectionId: 1,
    sectionName: 'A',
    side: 'back' as const,
    price: 2.5,
    size: 100,
    min: 100,
    max: 200000,
  };
  const slip = (overrides: Partial<SlipState> = {}): SlipState => ({ selection, stake: 200, submitting: false, ...overrides });

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
