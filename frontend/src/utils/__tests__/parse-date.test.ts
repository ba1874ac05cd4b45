import { parseDisplayDate, parseInputDate, parseTypedDateTime } from '../parse-date';

describe('typed dates', () => {
  it('parses both the shown and the native forms, and nothing else', () => {
    expect(parseDisplayDate('1/3/2026')).toEqual(new Date(2026, 2, 1));
    expect(parseDisplayDate('2026-03-01')).toBeNull();
    expect(parseDisplayDate('29/02/2025')).toBeNull();
    expect(parseInputDate('2026-03-01')).toEqual(new Date(2026, 2, 1));
    expect(parseInputDate('01/03/2026')).toBeNull();
  });

  it('reads a typed 24-hour date and time as local time, and empty or broken text as nothing', () => {
    expect(parseTypedDateTime('2026-03-01 14:05:09')).toEqual(new Date(2026, 2, 1, 14, 5, 9));
    expect(parseTypedDateTime(' 2026-03-01  9:05 ')).toEqual(new Date(2026, 2, 1, 9, 5));
    expect(parseTypedDateTime('')).toBeNull();
    expect(parseTypedDateTime('2026-03-01 2:05 PM')).toBeNull();
    expect(parseTypedDateTime('2026-03-01 24:00')).toBeNull();
    expect(parseTypedDateTime('2026-02-30 10:00')).toBeNull();
  });
});
