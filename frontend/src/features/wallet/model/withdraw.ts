// Withdraw rules: the three withdraw types, the spec's alert (§5, §8) and the saved-account form's
// validation, mirroring the server's (docs/api.md "Wallet").
import type { SaveAccountBody, WithdrawAccount } from '@/types';

export type WithdrawType = WithdrawAccount['type'];

export const WITHDRAW_TYPES: readonly WithdrawType[] = ['NORMAL', 'Crypto', 'EXPRESS WITHDRAWAL'];
export const WITHDRAW_ALERT = 'Please enter amount and select an account.';

/** Withdraw needs an amount above 0 and a chosen account. */
export function canWithdraw(amount: number, accountId: number | null): boolean {
  return amount > 0 && accountId !== null;
}

export const CRYPTO_NETWORKS = ['USDT TRC20', 'USDT ERC20', 'USDT BEP20'] as const;

export type AccountValues = { name: string; bank: string; number: string; ifsc: string };
export type AccountField = keyof AccountValues;
export type AccountErrors = Partial<Record<AccountField, string>>;

export const EMPTY_ACCOUNT: AccountValues = { name: '', bank: '', number: '', ifsc: '' };

const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const BANK_NUMBER = /^\d{6,20}$/;
const WALLET_ADDRESS = /^[A-Za-z0-9]{20,100}$/;

/** What an input keeps as it is typed: IFSC upper-cased, bank numbers digits only. */
export function sanitizeAccountInput(field: AccountField, raw: string, type: WithdrawType): string {
  if (field === 'ifsc') return raw.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 11);
  if (field === 'number' && type !== 'Crypto') return raw.replace(/\D/g, '').slice(0, 20);
  if (field === 'number') return raw.replace(/[^A-Za-z0-9]/g, '').slice(0, 100);
  return raw;
}

export function validateAccount(values: AccountValues, type: WithdrawType): AccountErrors {
  const errors: AccountErrors = {};
  const name = values.name.trim();
  const bank = values.bank.trim();
  if (name.length < 1 || name.length > 60) errors.name = 'Name must be 1 to 60 characters';
  if (type === 'Crypto') {
    if (bank.length < 2 || bank.length > 60) errors.bank = 'Choose the network';
    if (!WALLET_ADDRESS.test(values.number)) errors.number = 'Wallet address must be 20 to 100 letters or digits';
    return errors;
  }
  if (bank.length < 2 || bank.length > 60) errors.bank = 'Bank name must be 2 to 60 characters';
  if (!BANK_NUMBER.test(values.number)) errors.number = 'Account number must be 6 to 20 digits';
  if (!IFSC.test(values.ifsc)) errors.ifsc = 'IFSC must be 4 letters, 0, then 6 letters or digits (e.g. HDFC0001234)';
  return errors;
}

/** The request body: trimmed, and no IFSC for Crypto. */
export function accountBody(values: AccountValues, type: WithdrawType): SaveAccountBody {
  const body: SaveAccountBody = { name: values.name.trim(), bank: values.bank.trim(), number: values.number, type };
  if (type !== 'Crypto') body.ifsc = values.ifsc;
  return body;
}

/**
 * A server message that names a field ("number: account number must be 6 to 20 digits") as that
 * field's error; any other message (422 "This account is already saved") as the form's.
 */
export function serverAccountError(message: string): { field: AccountField | null; message: string } {
  const match = /^(name|bank|number|ifsc): (.+)$/.exec(message);
  const field = match?.[1] as AccountField | undefined;
  const text = match?.[2];
  if (!field || !text) return { field: null, message };
  return { field, message: text.charAt(0).toUpperCase() + text.slice(1) };
}

/** "HDFC Bank ****7890" style label of a saved account. */
export function maskedNumber(number: string): string {
  return number.length <= 4 ? number : `****${number.slice(-4)}`;
}
