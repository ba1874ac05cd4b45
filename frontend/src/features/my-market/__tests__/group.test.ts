import type { BetView } from '@/types';
import { groupByMarket } from '../group';

const bet = (marketId: number, betId: number): BetView =>
  ({ betId, marketId, marketName: `M${marketId}`, eventName: 'A v B', etid: 4, gameId: 9, gType: 'match' }) as BetView;

describe('My Market', () => {
  it('groups open bets by market with a trade count', () => {
    const groups = groupByMarket([bet(1, 1), bet(2, 2), bet(1, 3)]);
    expect(groups.map((g) => [g.marketId, g.trades])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });
});
