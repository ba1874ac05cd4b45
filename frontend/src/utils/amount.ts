// Arithmetic on amounts of two decimals (rupees and paise): rounded or summed in minor units so a
// total does not drift (0.1 + 0.2).

/** An amount in minor units (paise), rounded to the nearest. */
export function toMinor(amount: number): number {
  return Math.round(amount * 100);
}

/** An amount rounded to two decimals. */
export function round2(amount: number): number {
  return toMinor(amount) / 100;
}

/** Amounts summed in minor units. */
export function sumAmounts(amounts: ReadonlyArray<number>): number {
  return amounts.reduce((total, amount) => total + toMinor(amount), 0) / 100;
}
