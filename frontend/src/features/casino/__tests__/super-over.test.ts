import { describe, expect, it } from 'vitest';
import { ballOf, inningsScore } from '../model/super-over';

describe('super over scoreboard', () => {
  it('reads each card as a ball and totals the innings', () => {
    expect(ballOf('10HH')).toBe('0');
    expect(ballOf('KSS')).toBe('W');
    expect(ballOf('QDD')).toBe('4');
    expect(inningsScore(['6SS', '6HH', 'KCC', 'ADD'])).toEqual({ runs: 13, wickets: 1, balls: ['6', '6', 'W', '1'] });
  });
});
