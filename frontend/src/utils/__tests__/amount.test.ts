import { round2, sumAmounts, toMinor } from '../amount';

describe('amounts of two decimals', () => {
  it('sums in minor units', () => {
    expect(sumAmounts([0.1, 0.2])).toBe(0.3);
    expect(sumAmounts([])).toBe(0);
  });

  it('rounds to the nearest minor unit, keeping the sign', () => {
    expect(round2(0.1 + 0.2)).toBe(0.3);
    expect(round2(12.345678)).toBe(12.35);
    expect(round2(-3.333)).toBe(-3.33);
    expect(toMinor(100.1)).toBe(10010);
  });
});
