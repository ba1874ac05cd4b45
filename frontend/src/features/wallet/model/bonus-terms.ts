// Bonus terms of spec §9: a bonus of a share of the deposit, unlocked by a turnover that is a
// multiple of the deposit. The Terms modal works the example deposit through each row.

export type BonusTerm = { category: string; percent: number; turnover: number };

export const BONUS_EXAMPLE_DEPOSIT = 1000;

export const BONUS_TERMS: readonly BonusTerm[] = [
  { category: 'All Games', percent: 10, turnover: 40 },
  { category: 'All Games', percent: 20, turnover: 60 },
  { category: 'All Games', percent: 30, turnover: 50 },
  { category: 'All Games', percent: 50, turnover: 175 },
  { category: 'Bookmaker & Fancy', percent: 10, turnover: 20 },
  { category: 'Bookmaker & Fancy', percent: 15, turnover: 25 },
  { category: 'Bookmaker & Fancy', percent: 25, turnover: 35 },
  { category: 'Casino', percent: 7, turnover: 14 },
  { category: 'Casino', percent: 12, turnover: 21 },
  { category: 'Casino', percent: 15, turnover: 23 },
];

/** The bonus a deposit earns and the turnover it needs under one term. */
export function bonusExample(term: BonusTerm, deposit: number = BONUS_EXAMPLE_DEPOSIT): { bonus: number; turnover: number } {
  return { bonus: (deposit * term.percent) / 100, turnover: deposit * term.turnover };
}
