// All display formatting: amounts (spec §9) and dates (date-fns only here). The date patterns are
// numeric only, so `lightFormat` does them without the locale tables that `format` would bring
// into the home page's initial JavaScript.
import { isValid, lightFormat, parseISO } from 'date-fns';

const LAKH = 100_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const THOUSAND = 10_000;

function trimmed(value: number, digits: number): string {
  return Number(value.toFixed(digits)).toString();
}

/** 2 decimals; 10000 and up as k (12.5k); 100000 and up as L (1L, 1.5L). Sign is kept. */
export function formatAmount(value: number | null | undefined): string {
  const amount = Number(value ?? 0);
  if (!Number.isFinite(amount)) return '0.00';
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (abs >= LAKH) return `${sign}${trimmed(abs / LAKH, 2)}L`;
  if (abs >= THOUSAND) return `${sign}${trimmed(abs / 1000, 2)}k`;
  return `${sign}${abs.toFixed(2)}`;
}

/** Exactly 2 decimals, no units (tables and inputs). */
export function formatFixed(value: number | null | undefined): string {
  const amount = Number(value ?? 0);
  return Number.isFinite(amount) ? amount.toFixed(2) : '0.00';
}

function toDate(value: Date | string | number): Date | null {
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

/** dd/MM/yyyy (date pickers, statements). */
export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  return date ? lightFormat(date, 'dd/MM/yyyy') : '';
}

/** DD/MM/YYYY HH:mm:ss (match time and report rows). */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? lightFormat(date, 'dd/MM/yyyy HH:mm:ss') : '';
}

/** yyyy-MM-dd HH:mm:ss (the operators' feed clock). */
export function formatClockTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? lightFormat(date, 'yyyy-MM-dd HH:mm:ss') : '';
}

/** A chart's time tick over a span: HH:mm:ss within an hour, HH:mm within a day, dd/MM HH:mm
 * over longer spans. */
export function formatChartTime(value: Date | number, spanMs: number): string {
  const date = toDate(value);
  if (!date) return '';
  const pattern = spanMs <= HOUR_MS ? 'HH:mm:ss' : spanMs <= DAY_MS ? 'HH:mm' : 'dd/MM HH:mm';
  return lightFormat(date, pattern);
}

/** dd/MM (a chart's day tick). */
export function formatDayMonth(value: Date | string | number): string {
  const date = toDate(value);
  return date ? lightFormat(date, 'dd/MM') : '';
}

/** yyyy-MM-dd for query parameters and native date inputs. */
export function formatQueryDate(value: Date): string {
  return lightFormat(value, 'yyyy-MM-dd');
}

/**
 * This browser's minutes east of UTC on `at` (India 330), sent as `utcOffset` with every date
 * filter so the server counts the player's own days, not UTC's (docs/api.md).
 */
export function utcOffsetMinutes(at: Date = new Date()): number {
  return -at.getTimezoneOffset() || 0;
}

/** A date filter on the wire: both days (yyyy-MM-dd) and the browser's `utcOffset`. */
export function dayRangeQuery(from: Date, to: Date): { fromDate: string; toDate: string; utcOffset: number } {
  return { fromDate: formatQueryDate(from), toDate: formatQueryDate(to), utcOffset: utcOffsetMinutes(to) };
}

/** HH:mm (a race's off time). */
export function formatOffTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? lightFormat(date, 'HH:mm') : '';
}
