import { currentTotals, eventLabel, filterCurrentBets, sportName } from '../model/current-bets';
import { makeBet, makeCasinoBet } from './fixtures';

const bets = [
  makeBet({ betId: 1, betType: 'back', amount: 200, eventName: 'India v Pakistan', sectionName: 'India' }),
  makeBet({ betId: 2, betType: 'lay', amount: 150.25, etid: 2, eventName: 'Nadal v Federer', sectionName: 'Nadal' }),
  makeBet({ betId: 3, betType: 'back', amount: 100.5, etid: 1, eventName: 'Arsenal v Chelsea', sectionName: 'Draw' }),
];

describe('current bets', () => {
  it('Back and Lay keep their side; All keeps every bet', () => {
    expect(filterCurrentBets(bets, 'all', '').map((b) => b.betId)).toEqual([1, 2, 3]);
    expect(filterCurrentBets(bets, 'back', '').map((b) => b.betId)).toEqual([1, 3]);
    expect(filterCurrentBets(bets, 'lay', '').map((b) => b.betId)).toEqual([2]);
  });

  it('search matches any column in any case, together with the side', () => {
    expect(filterCurrentBets(bets, 'all', 'tennis').map((b) => b.betId)).toEqual([2]);
    expect(filterCurrentBets(bets, 'all', 'CHELSEA').map((b) => b.betId)).toEqual([3]);
    expect(filterCurrentBets(bets, 'lay', 'chelsea')).toEqual([]);
  });

  it('totals count the rows shown and sum their stakes', () => {
    expect(currentTotals(bets)).toEqual({ count: 3, amount: 450.75 });
    expect(currentTotals(filterCurrentBets(bets, 'back', ''))).toEqual({ count: 2, amount: 300.5 });
    expect(currentTotals([])).toEqual({ count: 0, amount: 0 });
  });

  it('names the sport, and a casino bet shows its game type as the event', () => {
    expect(sportName(bets[0]!)).toBe('Cricket');
    expect(sportName(bets[1]!)).toBe('Tennis');
    const casino = makeCasinoBet();
    expect(sportName(casino)).toBe('Casino');
    expect(eventLabel(casino)).toBe('teen20');
    expect(eventLabel(bets[0]!)).toBe('India v Pakistan');
  });
});
