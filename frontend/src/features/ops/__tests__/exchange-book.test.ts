import type { OpsBookOrder } from '@/types';
import { byAccount, ordersByAccount, sideTotal } from '../model/exchange-book';

const order = (over: Partial<OpsBookOrder>): OpsBookOrder => ({ username: 'player1', role: 'user', orderId: 1, sid: 1, betType: 'back', uRate: 2, unmatched: 100, persistence: 'lapse', ...over });

describe('the console’s view of an exchange book', () => {
  it('adds up the money on a side to the paisa', () => {
    expect(sideTotal([])).toBe(0);
    expect(sideTotal([{ price: 2, size: 0.1 }, { price: 2.02, size: 0.2 }, { price: 2.04, size: 500 }])).toBe(500.3);
  });

  it('groups orders by account, players before the market makers, each by name', () => {
    const groups = ordersByAccount([
      order({ username: 'maker1', role: 'maker', orderId: 1 }),
      order({ username: 'zed', orderId: 2, unmatched: 40.5 }),
      order({ username: 'maker1', role: 'maker', orderId: 3 }),
      order({ username: 'alice', orderId: 4 }),
      order({ username: 'zed', orderId: 5, unmatched: 9.5 }),
    ]);
    expect(groups.map((g) => [g.username, g.orders.map((o) => o.orderId), g.unmatched])).toEqual([
      ['alice', [4], 100],
      ['zed', [2, 5], 50],
      ['maker1', [1, 3], 200],
    ]);
  });

  it('lists positions in the same account order', () => {
    const rows = [
      { username: 'maker2', role: 'maker' as const },
      { username: 'bob', role: 'user' as const },
      { username: 'maker1', role: 'maker' as const },
      { username: 'amy', role: 'demo' as const },
    ];
    expect(rows.sort(byAccount).map((r) => r.username)).toEqual(['amy', 'bob', 'maker1', 'maker2']);
  });
});
