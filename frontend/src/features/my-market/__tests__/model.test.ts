import { describe, expect, it } from 'vitest';
import type { OpenMarket } from '@/types';
import { marketRows } from '../model';

const market = (overrides: Partial<OpenMarket>): OpenMarket => ({
  etid: 4,
  gameId: 1000100001,
  marketId: 1001000001,
  eventName: 'India v Pakistan',
  marketName: 'Match Odds',
  gType: 'match',
  casino: false,
  trades: 2,
  exposure: 250,
  bets: [],
  ...overrides,
});

describe('marketRows', () => {
  it('links a sports market by the iscc rule and a casino round to its table', () => {
    const rows = marketRows(
      [market({}), market({ gameId: 1000100002, marketId: 1001000002 }), market({ etid: 0, gameId: 1, marketId: 2611250149614, eventName: 'Teen Patti 20-20', marketName: '2611250149614', gType: 'teen20', casino: true, trades: 1, exposure: 100 })],
      (gmid) => (gmid === 1000100002 ? 1 : 0),
    );
    expect(rows.map((row) => row.to)).toEqual(['/game-details/4/1000100001', '/cricketv/4/1000100002', '/casino/teen20']);
    expect(rows[2]).toMatchObject({ event: 'Teen Patti 20-20', market: 'Round 2611250149614', trades: 1, exposure: 100, casino: true });
    expect(new Set(rows.map((row) => row.key)).size).toBe(3);
  });
});
