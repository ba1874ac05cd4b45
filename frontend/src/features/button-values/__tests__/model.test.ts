import { differs, fromDraft, sanitizeValue, toDraft } from '../model';

const loaded = {
  game: [
    { label: '1k', value: 1000 },
    { label: '5k', value: 5000 },
  ],
  casino: [{ label: '100', value: 100 }],
};

describe('button values', () => {
  it('is unchanged right after loading', () => {
    expect(differs(toDraft(loaded), loaded)).toBe(false);
  });

  it('differs when a label or value changes', () => {
    const draft = toDraft(loaded);
    draft.game[0] = { label: '1000', value: '1000' };
    expect(differs(draft, loaded)).toBe(true);
    const other = toDraft(loaded);
    other.casino[0] = { label: '100', value: '200' };
    expect(differs(other, loaded)).toBe(true);
  });

  it('treats an empty value as 0', () => {
    const draft = toDraft(loaded);
    draft.casino[0] = { label: '100', value: '' };
    expect(fromDraft(draft).casino[0]).toEqual({ label: '100', value: 0 });
  });

  it('keeps values numeric while typing', () => {
    expect(sanitizeValue('12a3')).toBe('123');
    expect(sanitizeValue('1.2.3')).toBe('1.23');
    expect(sanitizeValue('-5')).toBe('5');
  });
});
