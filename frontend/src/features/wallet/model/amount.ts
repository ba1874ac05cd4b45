// Deposit and withdraw amount rules (spec §5, §9): digits only, the minus button never goes below
// 0, quick adds add their value, and Pay Now needs the amount inside the method's range.
import type { DepositMethod } from '@/types';

export const QUICK_ADDS = [100, 500, 1000, 5000] as const;
/** What the minus and plus buttons take off or add (the smallest quick add). */
export const AMOUNT_STEP = 100;
/** The server refuses amounts above 1,000,000,000: ten digits are enough. */
export const AMOUNT_DIGITS_MAX = 10;

/** Keeps only digits, drops leading zeros ("007" → "7", "0" stays) and caps the length. */
export function sanitizeAmount(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, AMOUNT_DIGITS_MAX);
  return digits.replace(/^0+(?=\d)/, '');
}

/** The amount box as a number; empty is 0. */
export function amountValue(text: string): number {
  return text === '' ? 0 : Number(text);
}

/** Minus: one step less, never below 0. */
export function stepDown(text: string): string {
  return String(Math.max(0, amountValue(text) - AMOUNT_STEP));
}

/** Plus: one step more. */
export function stepUp(text: string): string {
  return sanitizeAmount(String(amountValue(text) + AMOUNT_STEP));
}

/** A quick add adds its value to what is there. */
export function addQuick(text: string, value: number): string {
  return sanitizeAmount(String(amountValue(text) + value));
}

/** Pay Now is enabled only when the amount is within the method's min and max (spec §4). */
export function withinMethod(amount: number, method: Pick<DepositMethod, 'min' | 'max'>): boolean {
  return amount > 0 && amount >= method.min && amount <= method.max;
}
