import { daysBefore, startOfWeek, withinDays } from '../model/dates';

describe('report dates', () => {
  it('the week starts on Monday', () => {
    expect(startOfWeek(new Date(2026, 2, 12, 15))).toEqual(new Date(2026, 2, 9)); // Thursday → Monday 9 March
    expect(startOfWeek(new Date(2026, 2, 9, 8))).toEqual(new Date(2026, 2, 9)); // Monday itself
    expect(startOfWeek(new Date(2026, 2, 15, 23))).toEqual(new Date(2026, 2, 9)); // Sunday → the Monday before
  });

  it('counts days back across a month end', () => {
    expect(daysBefore(new Date(2026, 2, 3), 7)).toEqual(new Date(2026, 1, 24));
  });

  it('a time is within the days when it is on or after from and before the end of to', () => {
    const from = new Date(2026, 2, 9);
    const to = new Date(2026, 2, 10);
    expect(withinDays(new Date(2026, 2, 9, 0, 0).toISOString(), from, to)).toBe(true);
    expect(withinDays(new Date(2026, 2, 10, 23, 59, 59).toISOString(), from, to)).toBe(true);
    expect(withinDays(new Date(2026, 2, 11, 0, 0).toISOString(), from, to)).toBe(false);
    expect(withinDays(new Date(2026, 2, 8, 23, 59).toISOString(), from, to)).toBe(false);
    expect(withinDays('not a date', from, to)).toBe(false);
  });
});
