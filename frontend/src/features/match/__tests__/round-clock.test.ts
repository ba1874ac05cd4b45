import { describe, expect, it } from 'vitest';
import { roundClock } from '../model/round-clock';

const START = '2026-11-25T10:00:00Z';
const at = (offsetMs: number) => Date.parse(START) + offsetMs;

describe('roundClock', () => {
  it('counts down to the start, rounding up to the whole second', () => {
    expect(roundClock(START, at(-65_200))).toEqual({ phase: 'starts-in', seconds: 66, text: 'Starts in 01:06' });
    expect(roundClock(START, at(-1))).toMatchObject({ seconds: 1, text: 'Starts in 00:01' });
  });

  it('counts up from the start in whole seconds', () => {
    expect(roundClock(START, at(0))).toEqual({ phase: 'playing', seconds: 0, text: '00:00' });
    expect(roundClock(START, at(125_999))).toEqual({ phase: 'playing', seconds: 125, text: '02:05' });
  });

  it('is unknown without the server clock or a readable start', () => {
    expect(roundClock(START, null)).toBeNull();
    expect(roundClock('', at(0))).toBeNull();
    expect(roundClock('not a date', at(0))).toBeNull();
  });
});
