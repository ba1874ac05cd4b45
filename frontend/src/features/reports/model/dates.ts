// Local calendar-day arithmetic for the report filters (no formatting here: see utils/format).

/** Midnight at the start of `date`'s local day. */
export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** `days` calendar days before `date`'s day (midnight). */
export function daysBefore(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() - days);
}

/** Monday of `date`'s week (weeks run Monday to Sunday), at midnight. */
export function startOfWeek(date: Date): Date {
  const sinceMonday = (date.getDay() + 6) % 7;
  return daysBefore(date, sinceMonday);
}

/** Whether an RFC 3339 time falls on a local day from `from` to `to`, both inclusive. */
export function withinDays(time: string, from: Date, to: Date): boolean {
  const at = new Date(time).getTime();
  if (Number.isNaN(at)) return false;
  const start = startOfDay(from).getTime();
  const end = daysBefore(to, -1).getTime();
  return at >= start && at < end;
}
