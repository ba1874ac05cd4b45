import { describe, expect, it } from 'vitest';
import { needsRoundBets } from '../hooks/use-round-bets';

describe('needsRoundBets', () => {
  it('fetches the first round shown', () => {
    expect(needsRoundBets(null, 'r1', '1000:0')).toBe(true);
  });

  it('fetches again when the money moves on the same round (a bet, a settlement)', () => {
    expect(needsRoundBets({ mid: 'r1', money: '1000:0' }, 'r1', '900:100')).toBe(true);
  });

  it('skips a new round while the money is as it was when the round before it was shown', () => {
    expect(needsRoundBets({ mid: 'r1', money: '1000:0' }, 'r2', '1000:0')).toBe(false);
  });

  it('fetches a new round when the money moved since the round before it was shown (a bet seen before the round)', () => {
    // The user topic brought another device's bet on r2 while r1 was still shown.
    expect(needsRoundBets({ mid: 'r1', money: '1000:0' }, 'r2', '900:100')).toBe(true);
  });
});
