import { ballCall, overSlots, requiredRate, runRate, shotEnd, shotTone, sideRuns } from '../model/cricket';

describe('the wagon wheel', () => {
  const center = { x: 100, y: 100 };

  it('draws a straight drive up, a cut to the right and a pull to the left', () => {
    expect(shotEnd({ angle: 0, distance: 100 }, center, 80)).toEqual({ x: 100, y: 20 });
    expect(shotEnd({ angle: 90, distance: 50 }, center, 80)).toEqual({ x: 140, y: 100 });
    expect(shotEnd({ angle: 270, distance: 100 }, center, 80)).toEqual({ x: 20, y: 100 });
  });

  it('never draws past the boundary', () => {
    expect(shotEnd({ angle: 180, distance: 250 }, center, 80)).toEqual({ x: 100, y: 180 });
  });

  it('colours boundaries apart from the running and splits runs by side', () => {
    expect([1, 3, 4, 6].map(shotTone)).toEqual(['run', 'run', 'four', 'six']);
    expect(sideRuns([{ runs: 4, angle: 45, distance: 100 }, { runs: 6, angle: 300, distance: 100 }, { runs: 1, angle: 180, distance: 30 }])).toEqual({ off: 4, leg: 7 });
  });
});

describe('the over and the rates', () => {
  it('fills an over slot by slot', () => {
    expect(overSlots(['1', 'W'])).toEqual(['1', 'W', null, null, null, null]);
    expect(overSlots([])).toHaveLength(6);
  });

  it('gives run rates per over with two decimals, nothing before a ball', () => {
    expect(runRate(45, 30)).toBe('9.00');
    expect(runRate(10, 0)).toBe('');
    expect(requiredRate({ runs: 31, balls: 18 })).toBe('10.33');
  });
});

describe('the call of the latest ball', () => {
  it('calls boundaries and wickets only', () => {
    expect(ballCall(['1', '4'])).toBe('FOUR');
    expect(ballCall(['6'])).toBe('SIX');
    expect(ballCall(['4', 'W'])).toBe('WICKET');
    expect(ballCall(['4', '1'])).toBeNull();
    expect(ballCall([])).toBeNull();
  });
});
