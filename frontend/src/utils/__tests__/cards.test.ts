import { dealAndarBahar, everyNinth, groupBySuit, parseCard, parseCards } from '../cards';

describe('card strings', () => {
  it('parses rank then suit code', () => {
    expect(parseCard('10HH')).toEqual({ code: '10HH', rank: '10', value: 10, suit: 'H' });
    expect(parseCard('KSS')).toMatchObject({ rank: 'K', value: 13, suit: 'S' });
    expect(parseCard('AC')).toMatchObject({ rank: 'A', value: 1, suit: 'C' });
    expect(parseCard('jdd')).toMatchObject({ rank: 'J', value: 11, suit: 'D' });
  });

  it('drops invalid entries', () => {
    expect(parseCards('1', )).toEqual([]);
    expect(parseCards(['QHH', 'XX', '', '14SS', '0CC', '5CD', '7SSS', '1'])).toEqual([parseCard('QHH')]);
    expect(parseCards('2CC, ,9DD')).toHaveLength(2);
    expect(parseCards(null)).toEqual([]);
  });

  it('groups by suit', () => {
    const groups = groupBySuit(parseCards(['2CC', '3SS', '4CC']));
    expect(groups.C.map((card) => card.code)).toEqual(['2CC', '4CC']);
    expect(groups.S).toHaveLength(1);
    expect(groups.H).toHaveLength(0);
  });

  it('picks every 9th item', () => {
    const items = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(everyNinth(items)).toEqual([9, 18]);
  });

  it('deals Andar Bahar BAHAR first after removing the first card', () => {
    expect(dealAndarBahar(['J', 'b1', 'a1', 'b2', 'a2', 'b3'])).toEqual({ bahar: ['b1', 'b2', 'b3'], andar: ['a1', 'a2'] });
  });
});
