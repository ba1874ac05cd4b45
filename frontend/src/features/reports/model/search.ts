/** Case-insensitive: does any of `texts` contain the trimmed `term`? A blank term matches all. */
export function matchesSearch(term: string, texts: ReadonlyArray<string | number>): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return texts.some((text) => String(text).toLowerCase().includes(needle));
}
