import { describe, expect, it } from 'vitest';
import { parseAmount } from '../model/amount';

describe('an operator amount', () => {
  it('takes positive amounts with at most two decimals', () => {
    expect(parseAmount('1234.5')).toBe(1234.5);
    expect(parseAmount(' 0.01 ')).toBe(0.01);
    expect(parseAmount('1000000000')).toBe(1_000_000_000);
  });

  it('refuses what it would have to round, and what the server refuses', () => {
    for (const bad of ['100.129', '0', '0.00', '-5', '1e3', '', '12,50', '1000000000.01', '.5', 'abc']) {
      expect(parseAmount(bad), bad).toBeNull();
    }
  });
});
