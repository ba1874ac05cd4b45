import { BONUS_TERMS, bonusExample } from '../model/bonus-terms';

describe('bonus terms', () => {
  it('has the ten terms of spec §9', () => {
    expect(BONUS_TERMS.map((t) => `${t.category} ${t.percent}% ${t.turnover}x`)).toEqual([
      'All Games 10% 40x',
      'All Games 20% 60x',
      'All Games 30% 50x',
      'All Games 50% 175x',
      'Bookmaker & Fancy 10% 20x',
      'Bookmaker & Fancy 15% 25x',
      'Bookmaker & Fancy 25% 35x',
      'Casino 7% 14x',
      'Casino 12% 21x',
      'Casino 15% 23x',
    ]);
  });

  it('works the example deposit of 1000 through a term', () => {
    expect(bonusExample({ category: 'All Games', percent: 10, turnover: 40 })).toEqual({ bonus: 100, turnover: 40000 });
    expect(bonusExample({ category: 'Casino', percent: 7, turnover: 14 })).toEqual({ bonus: 70, turnover: 14000 });
    expect(bonusExample({ category: 'Casino', percent: 15, turnover: 23 }, 2000)).toEqual({ bonus: 300, turnover: 46000 });
  });
});
