// Rounds and items as the server sends them (docs/api.md "Live casino"), for the casino tests.
import type { CasinoItem, CasinoRound } from '@/types';

export function makeItem(overrides: Partial<CasinoItem> = {}): CasinoItem {
  return { sid: 1, nat: 'Player A', otype: 'back', b: 1.98, l: 0, gstatus: 'ACTIVE', min: 100, max: 25000, subtype: 'teen20', type: 'main', ...overrides };
}

export function makeRound(overrides: Partial<CasinoRound> = {}): CasinoRound {
  return {
    mid: '2611230100100',
    gtype: 'teen20',
    ename: 'Teen Patti 20-20',
    lt: 15,
    card: '',
    hands: [
      { name: 'Player A', cards: [] },
      { name: 'Player B', cards: [] },
    ],
    rdesc: '',
    winners: [],
    remark: '',
    status: 'OPEN',
    items: [
      makeItem(),
      makeItem({ sid: 2, nat: 'Player B' }),
      makeItem({ sid: 3, nat: 'Pair Plus A', b: 2, type: 'pairplus' }),
      makeItem({ sid: 4, nat: 'Pair Plus B', b: 2, type: 'pairplus' }),
    ],
    results: [{ mid: '2611230100068', win: 'A', nat: 'Player A' }],
    next_lt: 0,
    seq: 1,
    ts: 1_000_000,
    ...overrides,
  };
}

/** The same round with every item suspended and betting closed (dealing). */
export function dealing(round: CasinoRound): CasinoRound {
  return { ...round, lt: 0, status: 'SUSPENDED', items: round.items.map((item) => ({ ...item, gstatus: 'SUSPENDED' })) };
}
