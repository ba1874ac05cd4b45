// The market makers' settings as an operator edits them (POST /api/ops/exchange/makers): each
// field as typed, checked against the server's ranges (docs/api.md, "The exchange") before it is
// sent, and only what changed sent.
import type { OpsMakers, OpsMakersRequest } from '@/types';
import { formatFixed } from '@/utils/format';
import { parseAmount } from './amount';

export type MakersField = 'spreadTicks' | 'depth' | 'size' | 'requoteMs' | 'requoteTicks';

export type MakersForm = Record<MakersField, string>;

type Rule = { label: string; min: number; max: number; hint: string };

/** The server's ranges (routes/ops_feed.rs `ops_set_makers`). */
export const MAKERS_RULES: Record<MakersField, Rule> = {
  spreadTicks: { label: 'Spread (ticks)', min: 0, max: 20, hint: 'Ladder ticks beyond the feed’s prices, 0 to 20' },
  depth: { label: 'Depth (levels)', min: 1, max: 10, hint: 'Prices quoted a side, 1 to 10' },
  size: { label: 'Size', min: 0.01, max: 100_000, hint: 'Stake at the best price, up to 100,000.00' },
  requoteMs: { label: 'Re-quote every (ms)', min: 100, max: 60_000, hint: 'How often makers look at prices, 100 to 60,000' },
  requoteTicks: { label: 'Re-quote after (ticks)', min: 0, max: 20, hint: 'Ticks the fair price moves before a re-quote, 0 to 20' },
};

export const MAKERS_FIELDS = Object.keys(MAKERS_RULES) as MakersField[];

/** The form showing the makers' settings now. */
export function makersForm(makers: OpsMakers): MakersForm {
  return {
    spreadTicks: String(makers.spreadTicks),
    depth: String(makers.depth),
    size: formatFixed(makers.size),
    requoteMs: String(makers.requoteMs),
    requoteTicks: String(makers.requoteTicks),
  };
}

/** A field's value, or why it cannot be sent. */
export function fieldValue(field: MakersField, text: string): number | string {
  const { min, max } = MAKERS_RULES[field];
  const trimmed = text.trim().replace(/,/g, '');
  if (field === 'size') {
    const size = parseAmount(trimmed);
    return size !== null && size <= max ? size : `More than 0 and at most ${formatFixed(max)}, with at most two decimals`;
  }
  if (!/^\d+$/.test(trimmed)) return 'A whole number';
  const value = Number(trimmed);
  return value >= min && value <= max ? value : `${min} to ${max.toLocaleString('en-US')}`;
}

/** What to send for the fields that differ from the settings now, or each field's problem. */
export function makersChange(form: MakersForm, now: OpsMakers): { request: OpsMakersRequest } | { errors: Partial<Record<MakersField, string>> } {
  const request: OpsMakersRequest = {};
  const errors: Partial<Record<MakersField, string>> = {};
  for (const field of MAKERS_FIELDS) {
    const value = fieldValue(field, form[field]);
    if (typeof value === 'string') errors[field] = value;
    else if (value !== now[field]) request[field] = value;
  }
  return Object.keys(errors).length > 0 ? { errors } : { request };
}
