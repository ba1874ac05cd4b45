// Editing rules of the price buttons (spec §4, §5): label is free text, value is numeric and an
// empty value counts as 0; Update is enabled only when something differs from what was loaded.
import type { Button, ButtonValues } from '@/types';

export type Group = keyof ButtonValues;
export type DraftButton = { label: string; value: string };
export type Draft = Record<Group, DraftButton[]>;

export function toDraft(values: ButtonValues): Draft {
  const map = (list: Button[]) => list.map((b) => ({ label: b.label, value: String(b.value) }));
  return { game: map(values.game), casino: map(values.casino) };
}

/** Keeps digits and one decimal point, so the field stays numeric while typing. */
export function sanitizeValue(raw: string): string {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  return rest.length ? `${whole}.${rest.join('')}` : whole;
}

export function fromDraft(draft: Draft): ButtonValues {
  const map = (list: DraftButton[]) => list.map((b) => ({ label: b.label, value: b.value === '' ? 0 : Number(b.value) || 0 }));
  return { game: map(draft.game), casino: map(draft.casino) };
}

export function differs(draft: Draft, loaded: ButtonValues): boolean {
  return JSON.stringify(fromDraft(draft)) !== JSON.stringify(fromDraft(toDraft(loaded)));
}
