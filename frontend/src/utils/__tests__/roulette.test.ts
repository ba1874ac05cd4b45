import { rouletteColour } from '../roulette';

describe('rouletteColour', () => {
  it('follows the spec: the listed numbers red, 0 green, the rest black', () => {
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
    for (let n = 0; n <= 36; n += 1) {
      const expected = n === 0 ? 'green' : red.includes(n) ? 'red' : 'black';
      expect(rouletteColour(n)).toBe(expected);
    }
  });
});
