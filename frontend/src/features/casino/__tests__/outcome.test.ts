import type { BetView } from '@/types';
import { roundOutcome } from '../model/outcome';

const bet = (result: number | null) => ({ result }) as BetView;

describe('a round’s outcome for the player', () => {
  it('waits until every bet is settled', () => {
    expect(roundOutcome([])).toBeNull();
    expect(roundOutcome([bet(98), bet(null)])).toBeNull();
  });

  it('sums the bets’ results into a win, a loss or stakes returned', () => {
    expect(roundOutcome([bet(98), bet(-100)])).toEqual({ kind: 'lost', amount: -2, text: 'You lost 2.00' });
    expect(roundOutcome([bet(98.5)])).toEqual({ kind: 'won', amount: 98.5, text: 'You won 98.50' });
    expect(roundOutcome([bet(0)])).toEqual({ kind: 'even', amount: 0, text: 'Your stakes were returned' });
  });
});
