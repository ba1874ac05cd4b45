// Dates typed by a person or given by a native date input, read with date-fns. Apart from
// utils/format because date-fns's `parse` brings its locale tables: only the pages that take a
// typed date load them.
import { isValid, parse, parseISO } from 'date-fns';

const DISPLAY_DATE = /^\d{1,2}\/\d{1,2}\/\d{4}$/;
const INPUT_DATE = /^\d{4}-\d{2}-\d{2}$/;

const validOrNull = (date: Date): Date | null => (isValid(date) ? date : null);

/** `dd/MM/yyyy` (one-digit day and month allowed) as a local date, or null. */
export function parseDisplayDate(text: string): Date | null {
  const trimmed = text.trim();
  return DISPLAY_DATE.test(trimmed) ? validOrNull(parse(trimmed, 'd/M/yyyy', new Date())) : null;
}

/** A native date input's `yyyy-MM-dd` as a local date (midnight), or null. */
export function parseInputDate(text: string): Date | null {
  return INPUT_DATE.test(text) ? validOrNull(parseISO(text)) : null;
}


const TYPED_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{1,2}:\d{2}(:\d{2})?$/;

/** A typed 24-hour `yyyy-MM-dd HH:mm[:ss]` as a local time, or null. */
export function parseTypedDateTime(text: string): Date | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (!TYPED_DATE_TIME.test(trimmed)) return null;
  return validOrNull(parse(trimmed, trimmed.length > 16 ? 'yyyy-MM-dd H:mm:ss' : 'yyyy-MM-dd H:mm', new Date()));
}
