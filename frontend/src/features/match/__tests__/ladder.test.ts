// The client's ladder against the ledger's: the prices on and off it, the ticks and the rounding
// come from the case file ledger/tests/client_rules.rs reads too; the slip's own steps follow.
import fs from 'node:fs';
import path from 'node:path';
import { isLadderPrice, ladderError, ladderWindow, roundToLadder, stepPrice, tickDown, tickUp } from '../model/ladder';

type Cases = {
  count: number;
  on: number[];
  off: number[];
  ticks: { price: number; up: number | null; down: number | null }[];
  round: { price: number; down: number; up: number }[];
};

const CASES: Cases = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../../schemas/test-vectors/ladder.json'), 'utf8')) as Cases;

/** Every ladder price, lowest first, by ticking up from the bottom. */
function allPrices(): number[] {
  const prices: number[] = [];
  for (let price: number | null = 1.01; price !== null; price = tickUp(price)) prices.push(price);
  return prices;
}

describe('the exchange price ladder', () => {
  it('has the prices of the shared case file, rising', () => {
    const prices = allPrices();
    expect(prices).toHaveLength(CASES.count);
    expect(prices.every((price, i) => i === 0 || price > prices[i - 1]!)).toBe(true);
  });

  it('knows the prices on it and off it as the server does', () => {
    for (const price of CASES.on) expect(isLadderPrice(price), String(price)).toBe(true);
    for (const price of [...CASES.off, Number.NaN, 2.001]) expect(isLadderPrice(price), String(price)).toBe(false);
  });

  it('ticks and rounds as the server does', () => {
    for (const { price, up, down } of CASES.ticks) expect([tickUp(price), tickDown(price)], String(price)).toEqual([up, down]);
    expect(tickUp(2.01)).toBeNull();
    for (const { price, down, up } of CASES.round) expect([roundToLadder(price, false), roundToLadder(price, true)], String(price)).toEqual([down, up]);
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
