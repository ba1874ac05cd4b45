import type { OrderView, RunnerDepth } from '@/types';
import { ladderCentre, ladderRows, LADDER_VIEW_TICKS } from '../model/ladder-view';

const runner = (over: Partial<RunnerDepth> = {}): RunnerDepth => ({ sid: 1, name: 'South Africa', back: [], lay: [], ...over });

const order = (over: Partial<OrderView>): OrderView => ({
  orderId: 1,
  gameId: 100000,
  marketId: 1000000,
  eventName: 'South Africa v India',
  marketName: 'Match Odds',
  sectionName: 'South Africa',
  sid: 1,
  betType: 'back',
  uRate: 2.5,
  amount: 100,
  unmatched: 100,
  persistence: 'lapse',
  createdAt: '2026-11-28T03:00:00Z',
  ...over,
});

describe('a runner’s ladder view', () => {
  it('centres on the best prices and lists ten ladder prices beyond each, highest first', () => {
    const depth = runner({
      back: [
        { price: 2.5, size: 300 },
        { price: 2.48, size: 150 },
      ],
      lay: [{ price: 2.54, size: 200 }],
    });
    const rows = ladderRows(depth, []);
    expect(rows).toHaveLength(LADDER_VIEW_TICKS * 2 + 3);
    expect(rows[0]?.price).toBe(2.74);
    expect(rows.at(-1)?.price).toBe(2.3);
    expect(rows.find((row) => row.price === 2.5)).toMatchObject({ back: 300, lay: 0, bestBack: true, bestLay: false });
    expect(rows.find((row) => row.price === 2.48)).toMatchObject({ back: 150, bestBack: false });
    expect(rows.find((row) => row.price === 2.54)).toMatchObject({ back: 0, lay: 200, bestLay: true });
    expect(rows.find((row) => row.price === 2.52)).toMatchObject({ back: 0, lay: 0 });
  });

  it('shows the player’s own unmatched orders at their prices, by side', () => {
    const depth = runner({ lay: [{ price: 3, size: 500 }] });
    const rows = ladderRows(depth, [order({ betType: 'back', uRate: 3, unmatched: 40 }), order({ orderId: 2, betType: 'back', uRate: 3, unmatched: 10 }), order({ orderId: 3, betType: 'lay', uRate: 2.9, unmatched: 25 })]);
    expect(rows.find((row) => row.price === 3)).toMatchObject({ myBack: 50, myLay: 0, lay: 500 });
    expect(rows.find((row) => row.price === 2.9)).toMatchObject({ myBack: 0, myLay: 25 });
  });

  it('an empty book sits around the slip’s price, else evens', () => {
    expect(ladderCentre(runner(), 4.1)).toEqual({ low: 4.1, high: 4.1 });
    expect(ladderCentre(undefined)).toEqual({ low: 2, high: 2 });
    expect(ladderCentre(runner({ lay: [{ price: 1.5, size: 10 }] }))).toEqual({ low: 1.5, high: 1.5 });
  });

  it('moves the window along the ladder, stopping at its ends', () => {
    const rows = ladderRows(runner(), [], 10);
    expect(rows[0]?.price).toBe(2.4);
    expect(rows.at(-1)?.price).toBe(2);
    const bottom = ladderRows(runner({ back: [{ price: 1.02, size: 5 }] }), [], -5);
    expect(bottom.at(-1)?.price).toBe(1.01);
  });
});
