import { dayRangeQuery, formatAmount, formatChartTime, formatClockTime, formatDate, formatDateTime, formatDayMonth, formatFixed, formatQueryDate, utcOffsetMinutes } from '../format';

describe('formatAmount', () => {
  it('shows amounts under 10000 with exactly 2 decimals', () => {
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(1500.5)).toBe('1500.50');
    expect(formatAmount(9999.999)).toBe('10000.00');
    expect(formatAmount(-250.5)).toBe('-250.50');
  });

  it('shows 10000 and up as k units', () => {
    expect(formatAmount(10000)).toBe('10k');
    expect(formatAmount(12500)).toBe('12.5k');
    expect(formatAmount(99999)).toBe('100k');
    expect(formatAmount(-25000)).toBe('-25k');
  });

  it('shows 100000 and up as L units', () => {
    expect(formatAmount(100000)).toBe('1L');
    expect(formatAmount(150000)).toBe('1.5L');
    expect(formatAmount(1234567)).toBe('12.35L');
    expect(formatAmount(-200000)).toBe('-2L');
  });

  it('treats missing and non-finite values as zero', () => {
    expect(formatAmount(undefined)).toBe('0.00');
    expect(formatAmount(null)).toBe('0.00');
    expect(formatAmount(Number.NaN)).toBe('0.00');
    expect(formatFixed(Number.POSITIVE_INFINITY)).toBe('0.00');
  });

  it('formatFixed always keeps 2 decimals without units', () => {
    expect(formatFixed(100000)).toBe('100000.00');
    expect(formatFixed(0.1 + 0.2)).toBe('0.30');
  });
});

describe('dates', () => {
  const date = new Date(2024, 0, 5, 9, 7, 3);

  it('formats dd/MM/yyyy', () => {
    expect(formatDate(date)).toBe('05/01/2024');
  });

  it('formats DD/MM/YYYY HH:mm:ss', () => {
    expect(formatDateTime(date)).toBe('05/01/2024 09:07:03');
  });

  it('parses ISO strings and rejects invalid input with an empty string', () => {
    expect(formatDate('2024-03-09T10:00:00')).toBe('09/03/2024');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('formats the feed clock as yyyy-MM-dd HH:mm:ss', () => {
    expect(formatClockTime(date)).toBe('2024-01-05 09:07:03');
  });

  it('formats chart ticks: seconds within an hour, the time within a day, the day and time over longer spans, dd/MM for days', () => {
    expect(formatChartTime(date, 60_000)).toBe('09:07:03');
    expect(formatChartTime(date, 2 * 3_600_000)).toBe('09:07');
    expect(formatChartTime(date.getTime(), 3 * 86_400_000)).toBe('05/01 09:07');
    expect(formatDayMonth('2024-01-05')).toBe('05/01');
  });

  it('formats query dates as yyyy-MM-dd', () => {
    expect(formatQueryDate(date)).toBe('2024-01-05');
  });
});

describe('date filters on the wire', () => {
  it('send both days and the minutes east of UTC the browser is on', () => {
    const from = new Date(2026, 10, 20);
    const to = new Date(2026, 10, 27);
    expect(dayRangeQuery(from, to)).toEqual({ fromDate: '2026-11-20', toDate: '2026-11-27', utcOffset: -to.getTimezoneOffset() || 0 });
  });

  it('count east as positive (JavaScript counts west)', () => {
    const india = { getTimezoneOffset: () => -330 } as Date;
    const newYork = { getTimezoneOffset: () => 300 } as Date;
    const utc = { getTimezoneOffset: () => 0 } as Date;
    expect([utcOffsetMinutes(india), utcOffsetMinutes(newYork), Object.is(utcOffsetMinutes(utc), 0)]).toEqual([330, -300, true]);
  });
});
