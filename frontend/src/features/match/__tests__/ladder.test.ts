// The client's ladder against the ledger's (ledger/src/book/ladder.rs): the same prices on and
// off it, the same ticks across bands and the same rounding.
import { isLadderPrice, ladderError, ladderWindow, roundToLadder, stepPrice, tickDown, tickUp } from '../model/ladder';

/** Every ladder price, lowest first, by ticking up from the bottom. */
function allPrices(): number[] {
  const prices: number[] = [];
  for (let price: number | null = 1.01; price !== null; price = tickUp(price)) prices.push(price);
  return prices;
}

describe('the exchange price ladder', () => {
  it('has the standard 350 prices from 1.01 to 1000, rising', () => {
    const prices = allPrices();
    expect(prices).toHaveLength(350);
    expect(prices[0]).toBe(1.01);
    expect(prices.at(-1)).toBe(1000);
    expect(prices.every((price, i) => i === 0 || price > prices[i - 1]!)).toBe(true);
    expect(prices.every(isLadderPrice)).toBe(true);
  });

  it('knows the prices on it and off it, band by band', () => {
    for (const price of [1.01, 1.99, 2, 2.02, 2.98, 3, 3.05, 4, 4.1, 6, 6.2, 10, 10.5, 20, 21, 30, 32, 50, 55, 100, 110, 1000]) {
      expect(isLadderPrice(price)).toBe(true);
    }
    for (const price of [0, 1, 2.01, 3.01, 3.02, 4.05, 6.1, 10.1, 20.5, 31, 51, 105, 1001, Number.NaN, 2.001]) {
      expect(isLadderPrice(price)).toBe(false);
    }
  });

  it('ticks step across bands and stop at both ends', () => {
    expect(tickUp(1.99)).toBe(2);
    expect(tickUp(2)).toBe(2.02);
    expect(tickDown(2.02)).toBe(2);
    expect(tickDown(2)).toBe(1.99);
    expect(tickUp(3.95)).toBe(4);
    expect(tickUp(4)).toBe(4.1);
    expect(tickDown(10)).toBe(9.8);
    expect(tickUp(100)).toBe(110);
    expect(tickUp(1000)).toBeNull();
    expect(tickDown(1.01)).toBeNull();
    expect(tickUp(2.01)).toBeNull();
  });

  it('rounds a price off the ladder to its neighbour either way, clamped to the ladder', () => {
    expect(roundToLadder(2.01, true)).toBe(2.02);
    expect(roundToLadder(2.01, false)).toBe(2);
    expect(roundToLadder(20.5, true)).toBe(21);
    expect(roundToLadder(0.5, false)).toBe(1.01);
    expect(roundToLadder(2000, true)).toBe(1000);
    expect(roundToLadder(2.5, true)).toBe(2.5);
  });

  it('the slip’s buttons step the ladder, snap a typed price onto it, and start at evens', () => {
    expect(stepPrice(2, true)).toBe(2.02);
    expect(stepPrice(2, false)).toBe(1.99);
    expect(stepPrice(2.01, true)).toBe(2.02);
    expect(stepPrice(2.01, false)).toBe(2);
    expect(stepPrice(2.001, true)).toBe(2.02);
    expect(stepPrice(2.001, false)).toBe(2);
    expect(stepPrice(1000, true)).toBe(1000);
    expect(stepPrice(1.01, false)).toBe(1.01);
    expect(stepPrice(0, true)).toBe(2);
    expect(stepPrice(Number.NaN, false)).toBe(2);
  });

  it('says why a typed price cannot be asked, naming the neighbours as the server does', () => {
    expect(ladderError(2.5)).toBeNull();
    expect(ladderError(0)).toBe('Enter a price');
    expect(ladderError(1)).toBe('Prices go from 1.01 to 1000');
    expect(ladderError(1200)).toBe('Prices go from 1.01 to 1000');
    expect(ladderError(3.01)).toBe('Not a ladder price: 3.00 or 3.05');
  });

  it('lists a window of prices around the best back and lay, highest first', () => {
    expect(ladderWindow(2, 2.04, 2)).toEqual([2.08, 2.06, 2.04, 2.02, 2, 1.99, 1.98]);
    expect(ladderWindow(1.02, 1.02, 3)).toEqual([1.05, 1.04, 1.03, 1.02, 1.01]);
    expect(ladderWindow(990, 1000, 1)).toEqual([1000, 990, 980]);
    expect(ladderWindow(2.01, 2.01, 1)).toEqual([2.04, 2.02, 2, 1.99]);
  });
});
