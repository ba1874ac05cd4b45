// Card strings (spec §3, §5): a rank (A, 2-10, J, Q, K) then one or two suit letters of C/D/H/S
// (`10HH`, `KSS`, `AC`). Invalid entries are dropped.

export type Suit = 'S' | 'H' | 'C' | 'D';
export type Card = { code: string; rank: string; value: number; suit: Suit };

const CARD_PATTERN = /^(A|J|Q|K|[1-9]\d?)([CDHS]{1,2})$/;
const FACE_VALUES: Record<string, number> = { A: 1, J: 11, Q: 12, K: 13 };

export function parseCard(raw: string): Card | null {
  const code = raw.trim().toUpperCase();
  const match = CARD_PATTERN.exec(code);
  if (!match) return null;
  const [, rank = '', suits = ''] = match;
  if (suits.length === 2 && suits[0] !== suits[1]) return null;
  const value = FACE_VALUES[rank] ?? Number(rank);
  if (!(value >= 1 && value <= 13)) return null;
  return { code, rank, value, suit: suits[0] as Suit };
}

/** Parses a list or a comma-separated string, dropping invalid entries. */
export function parseCards(input: string | ReadonlyArray<string> | null | undefined): Card[] {
  if (!input) return [];
  const items = typeof input === 'string' ? input.split(',') : input;
  return items.map(parseCard).filter((card): card is Card => card !== null);
}

/** Cards grouped by suit, in the order spades, hearts, clubs, diamonds. */
export function groupBySuit(cards: ReadonlyArray<Card>): Record<Suit, Card[]> {
  const groups: Record<Suit, Card[]> = { S: [], H: [], C: [], D: [] };
  for (const card of cards) groups[card.suit].push(card);
  return groups;
}

/** Every 9th card of a list (positions 9, 18, ...). */
export function everyNinth<T>(items: ReadonlyArray<T>): T[] {
  return items.filter((_, index) => (index + 1) % 9 === 0);
}

/** Andar Bahar dealing: drop the first (joker) card, then BAHAR, ANDAR alternately. */
export function dealAndarBahar<T>(cards: ReadonlyArray<T>): { andar: T[]; bahar: T[] } {
  const andar: T[] = [];
  const bahar: T[] = [];
  cards.slice(1).forEach((card, index) => (index % 2 === 0 ? bahar : andar).push(card));
  return { andar, bahar };
}
