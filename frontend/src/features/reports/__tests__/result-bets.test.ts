import { betTotals, filterBets, sportsWinner, kbcAnswers } from '../model/result-bets';
import { makeBet } from './fixtures';

const back = makeBet({ betId: 1, betType: 'back', amount: 200, result: 180 });
const lay = makeBet({ betId: 2, betType: 'lay', amount: 150.5, sectionName: 'Pakistan', result: 150.5 });
const voided = makeBet({ betId: 3, betType: 'back', amount: 100, result: 0, voided: true });
const pushed = makeBet({ betId: 4, betType: 'back', amount: 100, result: 0 });

describe('result modal filter radios', () => {
  const bets = [back, lay, voided];

  it('All shows every bet, Back and Lay their side, Deleted the voided ones', () => {
    expect(filterBets(bets, 'all').map((b) => b.betId)).toEqual([1, 2, 3]);
    expect(filterBets(bets, 'back').map((b) => b.betId)).toEqual([1, 3]);
    expect(filterBets(bets, 'lay').map((b) => b.betId)).toEqual([2]);
    expect(filterBets(bets, 'deleted').map((b) => b.betId)).toEqual([3]);
  });

  it('Deleted is empty when the house voided nothing', () => {
    expect(filterBets([back, lay], 'deleted')).toEqual([]);
  });

  it('a bet settled at 0 without a void (a push) is not deleted', () => {
    expect(filterBets([pushed, voided], 'deleted').map((b) => b.betId)).toEqual([3]);
  });
});

describe('result modal totals', () => {
  it('counts the rows, sums their stakes and their profit to the cent', () => {
    expect(betTotals([back, lay, voided])).toEqual({ count: 3, amount: 450.5, profit: 330.5 });
    expect(betTotals([makeBet({ amount: 0.1, result: 0.2 }), makeBet({ amount: 0.2, result: -0.1 })])).toEqual({ count: 2, amount: 0.3, profit: 0.1 });
    expect(betTotals([])).toEqual({ count: 0, amount: 0, profit: 0 });
  });
});

describe('a sports market winner from the bets', () => {
  it('a back that won or a lay that lost names the winner', () => {
    expect(sportsWinner([makeBet({ sectionName: 'India', betType: 'back', result: 180 })])).toBe('India');
    expect(sportsWinner([makeBet({ sectionName: 'Pakistan', betType: 'lay', result: -90 })])).toBe('Pakistan');
  });

  it('bets that cannot tell give no winner', () => {
    expect(sportsWinner([makeBet({ betType: 'back', result: -200 })])).toBeNull();
    expect(sportsWinner([makeBet({ gType: 'fancy', betType: 'back', result: 100 })])).toBeNull();
    expect(sportsWinner([makeBet({ result: 0 })])).toBeNull();
  });
});

describe('kbcAnswers', () => {
  it('expands a KBC bet into its mode and question and answer pairs', () => {
    expect(kbcAnswers('4 Cards Quit Black, Even, 7 Down, JQK')).toEqual({
      mode: '4 Cards Quit',
      pairs: [
        ['Red or Black', 'Black'],
        ['Odd or Even', 'Even'],
        ['7 Up or 7 Down', '7 Down'],
        ['3 Card Judgement', 'JQK'],
      ],
    });
    expect(kbcAnswers('Player A')).toBeNull();
  });
});
