import { AMOUNT_STEP, QUICK_ADDS, addQuick, amountValue, sanitizeAmount, stepDown, stepUp, withinMethod } from '../model/amount';

describe('deposit and withdraw amount', () => {
  it('keeps digits only', () => {
    expect(sanitizeAmount('1a2b3')).toBe('123');
    expect(sanitizeAmount('-500')).toBe('500');
    expect(sanitizeAmount('12.50')).toBe('1250');
    expect(sanitizeAmount('₹ 1,000')).toBe('1000');
    expect(sanitizeAmount('abc')).toBe('');
  });

  it('drops leading zeros but keeps a lone 0', () => {
    expect(sanitizeAmount('007')).toBe('7');
    expect(sanitizeAmount('0')).toBe('0');
    expect(sanitizeAmount('000')).toBe('0');
  });

  it('caps the length at ten digits (the server max is 1,000,000,000)', () => {
    expect(sanitizeAmount('123456789012345')).toBe('1234567890');
  });

  it('reads an empty box as 0', () => {
    expect(amountValue('')).toBe(0);
    expect(amountValue('250')).toBe(250);
  });

  it('minus takes one step off and never goes below 0', () => {
    expect(stepDown('500')).toBe(String(500 - AMOUNT_STEP));
    expect(stepDown('50')).toBe('0');
    expect(stepDown('0')).toBe('0');
    expect(stepDown('')).toBe('0');
  });

  it('plus adds one step', () => {
    expect(stepUp('')).toBe(String(AMOUNT_STEP));
    expect(stepUp('250')).toBe(String(250 + AMOUNT_STEP));
  });

  it('quick adds are 100, 500, 1000 and 5000 and add to what is there', () => {
    expect(QUICK_ADDS).toEqual([100, 500, 1000, 5000]);
    expect(addQuick('', 100)).toBe('100');
    expect(addQuick('100', 500)).toBe('600');
    expect(addQuick('600', 5000)).toBe('5600');
  });

  it('Pay Now is allowed only inside the method range, ends included', () => {
    const upi = { min: 100, max: 100000 };
    expect(withinMethod(99, upi)).toBe(false);
    expect(withinMethod(100, upi)).toBe(true);
    expect(withinMethod(100000, upi)).toBe(true);
    expect(withinMethod(100001, upi)).toBe(false);
    expect(withinMethod(0, { min: 0, max: 10 })).toBe(false);
  });
});
