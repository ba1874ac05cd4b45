// A log event's detail as a person reads it: key: value pairs, amounts in minor units as amounts,
// times in milliseconds as 24-hour dates, odds in hundredths as odds, and an enum's variant named
// with its fields after it. The raw JSON stays available beside it (the events list's Raw toggle).
import { formatDateTime, formatFixed } from '@/utils/format';

export type DetailPair = { key: string; value: string };

/** Pairs shown at most for one event, so a large event (a round's settlement) stays one row. */
export const DETAIL_PAIRS_MAX = 24;

/** Milliseconds from this value up are a moment (2001 and later), below it a duration. */
const MOMENT_MS_MIN = 1_000_000_000_000;

/** `amount_minor` → `amount`, `created_at_ms` → `created at`. */
export function detailLabel(key: string): string {
  return key.replace(/_(minor|ms|hundredths)$/, '').replace(/_/g, ' ');
}

function scalar(key: string, value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') {
    if (key.endsWith('_minor')) return formatFixed(value / 100);
    if (key.endsWith('_hundredths')) return (value / 100).toFixed(2);
    if (key.endsWith('_ms')) return value >= MOMENT_MS_MIN ? formatDateTime(value) : `${value} ms`;
  }
  return String(value);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An enum variant as serde writes it: `{ "Credit": { … } }` (one key, starting upper case). */
function variant(value: Record<string, unknown>): [string, unknown] | null {
  const entries = Object.entries(value);
  const [only] = entries;
  return entries.length === 1 && only && /^[A-Z]/.test(only[0]) ? only : null;
}

function walk(key: string, path: string, value: unknown, out: DetailPair[]): void {
  if (out.length >= DETAIL_PAIRS_MAX) return;
  if (Array.isArray(value)) {
    if (value.every((item) => !isObject(item) && !Array.isArray(item))) {
      out.push({ key: path, value: value.length === 0 ? 'none' : value.map((item) => scalar(key, item)).join(', ') });
    } else {
      value.forEach((item, index) => walk(key, `${path} ${index + 1}`, item, out));
    }
    return;
  }
  if (!isObject(value)) {
    out.push({ key: path, value: scalar(key, value) });
    return;
  }
  const named = variant(value);
  if (named) {
    const [name, inner] = named;
    if (inner === null || inner === undefined) out.push({ key: path || 'kind', value: name });
    else if (isObject(inner) || (Array.isArray(inner) && inner.some((item) => typeof item === 'object' && item !== null))) {
      if (path) out.push({ key: path, value: name });
      walk(name, path, inner, out);
    } else {
      const shown = Array.isArray(inner) ? inner.map((item) => scalar(name, item)).join(', ') : scalar(name, inner);
      out.push(path ? { key: path, value: `${name} ${shown}` } : { key: name, value: shown });
    }
    return;
  }
  for (const [field, inner] of Object.entries(value)) walk(field, path ? `${path} › ${detailLabel(field)}` : detailLabel(field), inner, out);
}

/** The detail as pairs, in the event's own field order; `truncated` when some were left out. */
export function describeDetail(detail: unknown): { pairs: DetailPair[]; truncated: boolean } {
  const out: DetailPair[] = [];
  if (detail === null || detail === undefined) return { pairs: out, truncated: false };
  walk('', '', detail, out);
  const pairs = out.map((p) => (p.key === '' ? { key: 'value', value: p.value } : p));
  return { pairs, truncated: pairs.length >= DETAIL_PAIRS_MAX };
}
