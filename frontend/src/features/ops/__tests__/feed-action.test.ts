import { describe, expect, it } from 'vitest';
import type { OpsMarket } from '@/types';
import { EMPTY_FORM, fixtureActionBody, marketActionBody, resultShape } from '../model/feed-action';

const market = (gtype: OpsMarket['gtype']): OpsMarket => ({
  mid: 7,
  mname: 'Market',
  gtype,
  status: 'OPEN',
  held: false,
  settled: false,
  sections: [
    { sid: 1, nat: 'Home', gstatus: 'ACTIVE', back: 1.9, lay: 1.92 },
    { sid: 2, nat: 'Away', gstatus: 'ACTIVE', back: 2.1, lay: 2.14 },
  ],
});

describe('feed actions', () => {
  it('needs a remark for every action', () => {
    expect(marketActionBody('suspend', market('match'), EMPTY_FORM)).toBe('A remark is required');
    expect(fixtureActionBody('resume', { ...EMPTY_FORM, remark: '  ' })).toBe('A remark is required');
    expect(marketActionBody('void', market('fancy'), { ...EMPTY_FORM, remark: ' rain ' })).toEqual({ remark: 'rain' });
  });

  it('moves odds with at most two decimals and run lines in whole runs', () => {
    const form = { ...EMPTY_FORM, remark: 'trade', sid: 1, price: '1.95' };
    expect(marketActionBody('price', market('match'), form)).toEqual({ remark: 'trade', sid: 1, side: 'back', price: 1.95 });
    expect(marketActionBody('price', market('match'), { ...form, price: '1.955' })).toMatch(/two decimals/);
    expect(marketActionBody('price', market('fancy'), { ...form, price: '45', side: 'lay' })).toEqual({ remark: 'trade', sid: 1, side: 'lay', price: 45 });
    expect(marketActionBody('price', market('fancy'), { ...form, price: '45.5' })).toMatch(/whole run line/);
    expect(marketActionBody('price', market('match'), { ...form, sid: null })).toBe('Pick a section');
  });

  it('settles each market type with the result it takes', () => {
    const form = { ...EMPTY_FORM, remark: 'official' };
    expect(resultShape('match1')).toBe('winner');
    expect(marketActionBody('settle', market('match'), form)).toBe('Pick the winning section');
    expect(marketActionBody('settle', market('match'), { ...form, sid: 2 })).toEqual({ remark: 'official', result: { kind: 'winner', sid: 2 } });
    expect(marketActionBody('settle', market('oddeven'), { ...form, runs: '7' })).toEqual({ remark: 'official', result: { kind: 'runs', value: 7 } });
    expect(marketActionBody('settle', market('meter'), { ...form, runs: '-1' })).toMatch(/whole number/);
    expect(marketActionBody('settle', market('fancy1'), { ...form, happened: [2] })).toEqual({ remark: 'official', result: { kind: 'happened', sids: [2] } });
  });

  it('finishes a fixture with its winner', () => {
    expect(fixtureActionBody('finish', { ...EMPTY_FORM, remark: 'over', winner: 'draw' })).toEqual({ remark: 'over', winner: 'draw' });
  });
});
