import fs from 'node:fs';
import path from 'node:path';
import type { Market } from '@/types';
import { makeMarket, makeSection } from '@/testing/fixtures';
import { isSectionBettable, sharedStakeLimits, stakeLimits, STAKE_MAX_FALLBACK, STAKE_MIN_FALLBACK } from '../model/bet-rules';

type Expected = { sid: number; bettable: boolean; min: number; max: number };
type Case = { name: string; market: Market; sections: Expected[] };

// The cases the server's ledger/tests/client_rules.rs reads too: both sides must give these answers.
const CASES_FILE = path.resolve(__dirname, '../../../../../schemas/test-vectors/bet-rules.json');

/** Markets as the server sends them (the wire omits a khado width of 0, as the type allows). */
function loadCases(): Case[] {
  const { cases } = JSON.parse(fs.readFileSync(CASES_FILE, 'utf8')) as { cases: Case[] };
  return cases;
}

describe('the betting rules agree with the server (schemas/test-vectors/bet-rules.json)', () => {
  const cases = loadCases();

  it('has cases that list every section of their market once', () => {
    expect(cases.length).toBeGreaterThan(0);
    for (const { name, market, sections } of cases) {
      const listed = sections.map((entry) => entry.sid).sort((a, b) => a - b);
      const present = market.section.map((section) => section.sid).sort((a, b) => a - b);
      expect(listed, name).toEqual(present);
    }
  });

  it.each(cases.map((testCase) => [testCase.name, testCase] as const))('%s', (_name, { market, sections }) => {
    for (const expected of sections) {
      const section = market.section.find((entry) => entry.sid === expected.sid);
      if (!section) throw new Error(`sid ${expected.sid} is not a section of market ${market.mid}`);
      expect(isSectionBettable(market, section), `sid ${expected.sid} bettable`).toBe(expected.bettable);
      expect(stakeLimits(market, section), `sid ${expected.sid} limits`).toEqual({ min: expected.min, max: expected.max });
    }
  });
});

describe('stake limits beyond the shared cases', () => {
  it('falls back to the server minimum 1.00 and maximum 1,000,000,000', () => {
    expect([STAKE_MIN_FALLBACK, STAKE_MAX_FALLBACK]).toEqual([1, 1_000_000_000]);
    const market = makeMarket({ gtype: 'meter', min: 0, max: 0, section: [makeSection({ min: 0, max: 0 })] });
    expect(stakeLimits(market, market.section[0]!)).toEqual({ min: 1, max: 1_000_000_000 });
  });

  it('a runner market header shows the limits its sections share, none when they differ', () => {
    expect(sharedStakeLimits(makeMarket({ min: 200, max: 900 }))).toEqual({ min: 200, max: 900 });
    const digits = makeMarket({ gtype: 'cricketcasino', min: 100, max: 10000, section: [makeSection({ sid: 1, min: 0 }), makeSection({ sid: 2, min: 500 })] });
    expect(sharedStakeLimits(digits)).toBeNull();
    expect(sharedStakeLimits(makeMarket({ section: [] }))).toBeNull();
  });
});
