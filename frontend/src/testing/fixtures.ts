import type { Fixture, Market, Section, User } from '@/types';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: '3',
    username: 'player1',
    role: ['user'],
    currentToken: '1',
    isLogin: true,
    isAcceptRules: true,
    balance: 1500,
    exp: 0,
    ...overrides,
  };
}

export function makeSection(overrides: Partial<Section> = {}): Section {
  return {
    sid: 1,
    sno: 1,
    nat: 'South Africa',
    gstatus: 'ACTIVE',
    min: 100,
    max: 200000,
    rem: '',
    width: undefined,
    odds: [
      { otype: 'back', odds: 1.78, size: 500, tno: 0 },
      { otype: 'lay', odds: 1.82, size: 400, tno: 0 },
    ],
    ...overrides,
  };
}

export function makeMarket(overrides: Partial<Market> = {}): Market {
  return {
    mid: 1000000,
    gmid: 100000,
    mname: 'Match Odds',
    gtype: 'match',
    status: 'OPEN',
    min: 100,
    max: 200000,
    minb: 100,
    maxb: 200000,
    rc: 0,
    rem: '',
    section: [makeSection(), makeSection({ sid: 3, sno: 3, nat: 'India' })],
    ...overrides,
  };
}

export function makeFixture(overrides: Partial<Fixture> = {}): Fixture {
  return {
    etid: 4,
    gmid: 100000,
    ename: 'South Africa v India',
    cname: 'T20',
    stime: '2026-11-22T03:05:52Z',
    iplay: true,
    tv: true,
    f: true,
    bm: true,
    iscc: 0,
    section: [],
    ...overrides,
  };
}
