import { describe, expect, it } from 'vitest';
import { boardLabel } from '../components/sic-bo-board';

describe('sic bo board labels', () => {
  it('draws dice bets as dice faces and totals as numbers', () => {
    expect(boardLabel('Double 3')).toBe('⚂⚂');
    expect(boardLabel('Triple 6')).toBe('⚅⚅⚅');
    expect(boardLabel('Combination 1-2')).toBe('⚀⚁');
    expect(boardLabel('Single 4')).toBe('⚃');
    expect(boardLabel('Total 11')).toBe('11');
    expect(boardLabel('Small')).toBe('Small');
    expect(boardLabel('Any Triple')).toBe('Any Triple');
  });
});
