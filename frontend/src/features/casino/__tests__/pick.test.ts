import { describe, expect, it } from 'vitest';
import type { PickSpec } from '@/types';
import { answer, completePick, emptyDraft, sharesOnePad, tapPad, untapPad } from '../model/pick';

const digits = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];
const patti: PickSpec = { slots: [1, 2, 3].map((n) => ({ label: `Digit ${n}`, choices: digits })), distinct: false };
const ranks: PickSpec = { slots: [1, 2, 3].map((n) => ({ label: `Rank ${n}`, choices: ['A', 'K', 'Q'] })), distinct: true };
const kbc: PickSpec = {
  slots: [
    { label: 'Red or Black', choices: ['Red', 'Black'] },
    { label: 'Odd or Even', choices: ['Odd', 'Even'] },
  ],
  distinct: false,
};

describe('pick', () => {
  it('fills shared slots from one pad in turn and takes the last back', () => {
    expect(sharesOnePad(patti)).toBe(true);
    let draft = emptyDraft(patti);
    for (const digit of ['1', '1', '2', '9']) draft = tapPad(patti, draft, digit);
    expect(completePick(draft)).toEqual(['1', '1', '2']);
    draft = untapPad(draft);
    expect(draft).toEqual(['1', '1', null]);
    expect(completePick(draft)).toBeNull();
  });

  it('takes a choice once where the pick is of different values', () => {
    let draft = emptyDraft(ranks);
    draft = tapPad(ranks, tapPad(ranks, draft, 'A'), 'A');
    expect(draft).toEqual(['A', null, null]);
  });

  it('answers questions one by one, changing an answer in place', () => {
    expect(sharesOnePad(kbc)).toBe(false);
    let draft = answer(emptyDraft(kbc), 1, 'Even');
    expect(completePick(draft)).toBeNull();
    draft = answer(answer(draft, 0, 'Red'), 0, 'Black');
    expect(completePick(draft)).toEqual(['Black', 'Even']);
  });
});
