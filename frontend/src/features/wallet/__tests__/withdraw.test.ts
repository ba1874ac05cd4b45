import {
  EMPTY_ACCOUNT,
  accountBody,
  canWithdraw,
  maskedNumber,
  sanitizeAccountInput,
  serverAccountError,
  validateAccount,
} from '../model/withdraw';

const GOOD = { name: 'Player One', bank: 'HDFC Bank', number: '50100234567890', ifsc: 'HDFC0001234' };

describe('withdraw rules', () => {
  it('needs an amount above 0 and a chosen account', () => {
    expect(canWithdraw(0, 3)).toBe(false);
    expect(canWithdraw(500, null)).toBe(false);
    expect(canWithdraw(0, null)).toBe(false);
    expect(canWithdraw(500, 3)).toBe(true);
  });

  it('masks all but the last four digits', () => {
    expect(maskedNumber('50100234567890')).toBe('****7890');
    expect(maskedNumber('123')).toBe('123');
  });
});

describe('account form validation', () => {
  it('accepts a complete bank account for NORMAL and EXPRESS', () => {
    expect(validateAccount(GOOD, 'NORMAL')).toEqual({});
    expect(validateAccount(GOOD, 'EXPRESS WITHDRAWAL')).toEqual({});
  });

  it('names every missing field of an empty bank account', () => {
    expect(Object.keys(validateAccount(EMPTY_ACCOUNT, 'NORMAL')).sort()).toEqual(['bank', 'ifsc', 'name', 'number']);
  });

  it('checks the lengths and formats the server checks', () => {
    expect(validateAccount({ ...GOOD, name: ' '.repeat(3) }, 'NORMAL').name).toBeDefined();
    expect(validateAccount({ ...GOOD, name: 'x'.repeat(61) }, 'NORMAL').name).toBeDefined();
    expect(validateAccount({ ...GOOD, bank: 'H' }, 'NORMAL').bank).toBeDefined();
    expect(validateAccount({ ...GOOD, number: '12345' }, 'NORMAL').number).toBe('Account number must be 6 to 20 digits');
    expect(validateAccount({ ...GOOD, number: '1'.repeat(21) }, 'NORMAL').number).toBeDefined();
    expect(validateAccount({ ...GOOD, number: '123456' }, 'NORMAL').number).toBeUndefined();
    expect(validateAccount({ ...GOOD, ifsc: 'HDFC1001234' }, 'NORMAL').ifsc).toBeDefined();
    expect(validateAccount({ ...GOOD, ifsc: 'HDF00001234' }, 'NORMAL').ifsc).toBeDefined();
    expect(validateAccount({ ...GOOD, ifsc: 'SBIN0ABC123' }, 'NORMAL').ifsc).toBeUndefined();
  });

  it('a Crypto account needs a network and a 20 to 100 character address, no IFSC', () => {
    const crypto = { name: 'Wallet', bank: 'USDT TRC20', number: 'T'.repeat(20), ifsc: '' };
    expect(validateAccount(crypto, 'Crypto')).toEqual({});
    expect(validateAccount({ ...crypto, number: 'T'.repeat(19) }, 'Crypto').number).toBeDefined();
    expect(validateAccount({ ...crypto, number: 'T'.repeat(101) }, 'Crypto').number).toBeDefined();
    expect(validateAccount({ ...crypto, bank: '' }, 'Crypto').bank).toBeDefined();
    expect(accountBody(crypto, 'Crypto')).toEqual({ name: 'Wallet', bank: 'USDT TRC20', number: 'T'.repeat(20), type: 'Crypto' });
  });

  it('upper-cases the IFSC and keeps bank numbers to digits as typed', () => {
    expect(sanitizeAccountInput('ifsc', 'hdfc-0001234x', 'NORMAL')).toBe('HDFC0001234');
    expect(sanitizeAccountInput('number', '5010 0234-567', 'NORMAL')).toBe('50100234567');
    expect(sanitizeAccountInput('number', 'TXyz 12_34', 'Crypto')).toBe('TXyz1234');
    expect(sanitizeAccountInput('name', ' Any Name ', 'NORMAL')).toBe(' Any Name ');
  });

  it('sends trimmed values with the type', () => {
    expect(accountBody({ ...GOOD, name: ' Player One ' }, 'EXPRESS WITHDRAWAL')).toEqual({ ...GOOD, type: 'EXPRESS WITHDRAWAL' });
  });

  it('maps a server message naming a field to that field, anything else to the form', () => {
    expect(serverAccountError('number: account number must be 6 to 20 digits')).toEqual({
      field: 'number',
      message: 'Account number must be 6 to 20 digits',
    });
    expect(serverAccountError('This account is already saved')).toEqual({ field: null, message: 'This account is already saved' });
    expect(serverAccountError('type: must be NORMAL, Crypto or EXPRESS WITHDRAWAL').field).toBeNull();
  });
});
