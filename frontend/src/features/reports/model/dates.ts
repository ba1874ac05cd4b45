// Local calendar-day arithmetic for the report filters, with date-fns (no formatting here: see
// utils/format).
import { addDays, isValid, parseISO, startOfDay as dayStart, startOfWeek as weekStart, subDays } from 'date-fns';

/** Midnight at the start of `date`'s local day. */
export function startOfDay(date: Date): Date {
  return dayStart(date);
}

/** `days` calendar days before `date`'s day (midnight). */
export function daysBefore(date: Date, days: number): Date {
  return subDays(dayStart(date), days);
}

/** Monday of `date`'s week (weeks run Monday to Sunday), at midnight. */
export function startOfWeek(date: Date): Date {
  return weekStart(date, { weekStartsOn: 1 });
}

/** Whether an RFC 3339 time falls on a local day from `from` to `to`, both inclusive. */
export function withinDays(time: string, from: Date, to: Date): boolean {
  const at = parseISO(time);
  if (!isValid(at)) return false;
  return at >= dayStart(from) && at < addDays(dayStart(to), 1);
}
