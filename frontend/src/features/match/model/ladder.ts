// The exchange's price ladder (ledger/src/book/ladder.rs): the prices an order on a match-odds
// market may ask, from 1.01 to 1000 in the standard increments (0.01 to 2, 0.02 to 3, 0.05 to 4,
// 0.1 to 6, 0.2 to 10, 0.5 to 20, 1 to 30, 2 to 50, 5 to 100, 10 to 1000). The server refuses a
// price off it; the slip's and My Bet's up/down buttons step it and the ladder view lists it.
// Prices are worked in hundredths, as the ledger keeps them, so no step drifts in floating point.

/** The lowest and highest prices on the ladder, in hundredths. */
export const PRICE_H_MIN = 101;
export const PRICE_H_MAX = 100_000;

/** Where the up/down buttons start when the slip holds no price yet (an empty book's cell): evens. */
export const PRICE_START = 2;

/** Each band: prices above its start up to its end, in steps of `step` (all in hundredths). */
const BANDS: ReadonlyArray<readonly [from: number, to: number, step: number]> = [
  [100, 200, 1],
  [200, 300, 2],
  [300, 400, 5],
  [400, 600, 10],
  [600, 1_000, 20],
  [1_000, 2_000, 50],
  [2_000, 3_000, 100],
  [3_000, 5_000, 200],
  [5_000, 10_000, 500],
  [10_000, 100_000, 1_000],
];

/** Decimal odds to hundredths; NaN for what is not a price with at most two decimals. */
export function toHundredths(price: number): number {
  if (!Number.isFinite(price)) return Number.NaN;
  const hundredths = Math.round(price * 100);
  return Math.abs(hundredths - price * 100) < 1e-6 ? hundredths : Number.NaN;
}

const fromHundredths = (priceH: number): number => priceH / 100;

function onLadderH(priceH: number): boolean {
  return Number.isInteger(priceH) && BANDS.some(([from, to, step]) => priceH > from && priceH <= to && (priceH - from) % step === 0);
}

/** Whether `price` (decimal odds) is a price of the ladder. */
export function isLadderPrice(price: number): boolean {
  return onLadderH(toHundredths(price));
}

/** The next price up the ladder from a ladder price; null at the top or off the ladder. */
export function tickUp(price: number): number | null {
  const priceH = toHundredths(price);
  if (!onLadderH(priceH) || priceH >= PRICE_H_MAX) return null;
  const band = BANDS.find(([from, to]) => priceH >= from && priceH < to);
  return band ? fromHundredths(priceH + band[2]) : null;
}

/** The next price down the ladder from a ladder price; null at the bottom or off the ladder. */
export function tickDown(price: number): number | null {
  const priceH = toHundredths(price);
  if (!onLadderH(priceH) || priceH <= PRICE_H_MIN) return null;
  const band = BANDS.find(([from, to]) => priceH > from && priceH <= to);
  return band ? fromHundredths(priceH - band[2]) : null;
}

/**
 * The ladder price nearest `price` from below (`up` false) or above (`up` true), itself when it is
 * on the ladder, clamped to the ladder: where a typed price off the ladder steps to.
 */
export function roundToLadder(price: number, up: boolean): number {
  const exact = price * 100;
  const rounded = up ? Math.ceil(exact - 1e-6) : Math.floor(exact + 1e-6);
  const priceH = Math.min(PRICE_H_MAX, Math.max(PRICE_H_MIN, rounded));
  const band = BANDS.find(([from, to]) => priceH > from && priceH <= to);
  if (!band) return fromHundredths(PRICE_H_MIN);
  const [from, , step] = band;
  const below = priceH - ((priceH - from) % step);
  return fromHundredths(below === priceH || !up ? Math.max(below, PRICE_H_MIN) : below + step);
}

/**
 * The price one step up (`up`) or down from `price`: the next ladder price, or from a typed price
 * off the ladder the nearest ladder price that way; from no price (0, NaN) evens. Stays put at
 * either end of the ladder.
 */
export function stepPrice(price: number, up: boolean): number {
  if (!(price > 0)) return PRICE_START;
  if (!isLadderPrice(price)) return roundToLadder(price, up);
  return (up ? tickUp(price) : tickDown(price)) ?? price;
}

/**
 * Why a typed price cannot be asked, or null when it can: not a number, outside 1.01–1000, or
 * between two ladder prices (both named, as the server's 422 names them).
 */
export function ladderError(price: number): string | null {
  if (!(price > 0)) return 'Enter a price';
  if (isLadderPrice(price)) return null;
  if (price * 100 < PRICE_H_MIN || price * 100 > PRICE_H_MAX) return 'Prices go from 1.01 to 1000';
  return `Not a ladder price: ${roundToLadder(price, false).toFixed(2)} or ${roundToLadder(price, true).toFixed(2)}`;
}

/**
 * `count` ladder prices above `high` and below `low` and every price between them, highest
 * first: the rows of the ladder view around a runner's best prices. Both ends are snapped to the
 * ladder first.
 */
export function ladderWindow(low: number, high: number, count: number): number[] {
  let top = roundToLadder(Math.max(low, high), true);
  let bottom = roundToLadder(Math.min(low, high), false);
  for (let i = 0; i < count; i += 1) {
    top = tickUp(top) ?? top;
    bottom = tickDown(bottom) ?? bottom;
  }
  const prices: number[] = [];
  for (let price: number | null = top; price !== null && price >= bottom; price = tickDown(price)) {
    prices.push(price);
    if (price === bottom) break;
  }
  return prices;
}

/** `price` moved `ticks` ladder steps up (positive) or down, stopping at either end. */
export function shiftPrice(price: number, ticks: number): number {
  let moved = isLadderPrice(price) ? price : roundToLadder(price, ticks > 0);
  for (let i = 0; i < Math.abs(ticks); i += 1) moved = (ticks > 0 ? tickUp(moved) : tickDown(moved)) ?? moved;
  return moved;
}
