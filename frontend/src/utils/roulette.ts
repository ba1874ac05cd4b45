// Roulette colours (spec §9): these numbers are red, 0 is green, the rest are black.
const RED_NUMBERS: ReadonlySet<number> = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export type RouletteColour = 'red' | 'black' | 'green';

export function rouletteColour(value: number): RouletteColour {
  if (value === 0) return 'green';
  return RED_NUMBERS.has(value) ? 'red' : 'black';
}
