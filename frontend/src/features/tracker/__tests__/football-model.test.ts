import { minuteX, momentumPath, recentIncident, smooth, zoneSpan } from '../model/football';

describe('the ball zone', () => {
  it('puts a home attack in the right half and mirrors the away side', () => {
    expect(zoneSpan({ team: 0, area: 'safe' })).toEqual({ from: 0, to: 0.5 });
    expect(zoneSpan({ team: 0, area: 'danger' })).toEqual({ from: 0.78, to: 1 });
    const away = zoneSpan({ team: 1, area: 'danger' });
    expect(away.from).toBeCloseTo(0);
    expect(away.to).toBeCloseTo(0.22);
  });
});

describe('the momentum line', () => {
  it('smooths the pressure of each minute towards the trend', () => {
    expect(smooth([100, 0, 0])).toEqual([100, 60, 36]);
    expect(smooth([])).toEqual([]);
  });

  it('draws home above the middle and away below, closed along the middle', () => {
    const path = momentumPath([100, -100], 90, 40, 90);
    expect(path).toBe('M0,20 L1,0 L2,40 L2,20 Z');
    expect(momentumPath([], 90, 40)).toBe('');
  });

  it('stretches past 90 minutes when stoppage time runs on', () => {
    expect(minuteX(45, 180, 90)).toBe(90);
    const path = momentumPath(Array(100).fill(0), 100, 40, 90);
    expect(path).toContain('L100,20');
  });

  it('headlines an incident only while it is fresh', () => {
    const goal = { minute: 30, team: 0, kind: 'goal' as const };
    expect(recentIncident([goal], 31)).toBe(goal);
    expect(recentIncident([goal], 40)).toBeNull();
  });
});
