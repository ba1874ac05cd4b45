// Building a pick on a pick item (Worli's pattis, 3 Card Judgement's ranks, the lottery's digits,
// KBC's answers): one choice per slot. Slots that share their choices are filled from one pad in
// turn; slots with their own choices (KBC's questions) are answered one by one.
import type { PickSpec } from '@/types';

/** A pick in progress: the choice of each slot, or null while open. */
export type PickDraft = ReadonlyArray<string | null>;

export function emptyDraft(spec: PickSpec): PickDraft {
  return spec.slots.map(() => null);
}

/** Whether every slot offers the same choices: then one pad fills them in turn. */
export function sharesOnePad(spec: PickSpec): boolean {
  const first = spec.slots[0]?.choices.join('|');
  return spec.slots.every((slot) => slot.choices.join('|') === first);
}

/** The pad's tap: the choice goes to the first open slot (not twice where picks are distinct). */
export function tapPad(spec: PickSpec, draft: PickDraft, choice: string): PickDraft {
  const open = draft.indexOf(null);
  if (open === -1 || (spec.distinct && draft.includes(choice))) return draft;
  return draft.map((value, index) => (index === open ? choice : value));
}

/** Takes the last filled slot back (the pad's ⌫). */
export function untapPad(draft: PickDraft): PickDraft {
  const last = draft.reduce((found, value, index) => (value === null ? found : index), -1);
  return draft.map((value, index) => (index === last ? null : value));
}

/** Answers one slot (a KBC question). */
export function answer(draft: PickDraft, slot: number, choice: string): PickDraft {
  return draft.map((value, index) => (index === slot ? choice : value));
}

/** The finished pick, or null while a slot is open. */
export function completePick(draft: PickDraft): string[] | null {
  return draft.every((value): value is string => value !== null) ? [...draft] : null;
}
