import { hasPosition } from '../model/cash-out';

const book = (sid: number, amount: number) => ({ sid, amount, calcTable: [] });

describe('cash out is offered', () => {
  it('where the P/L differs between runners', () => {
    expect(hasPosition({ 1: book(1, 200), 2: book(2, -100) })).toBe(true);
  });

  it('not where it is already level, or there is no position', () => {
    expect(hasPosition({ 1: book(1, 50), 2: book(2, 50) })).toBe(false);
    expect(hasPosition({})).toBe(false);
    expect(hasPosition(undefined)).toBe(false);
  });
});
