// The live round of a table (docs/api.md "Live casino"): merging socket deltas into the round,
// telling when a new round starts (spec §4: the slip clears then, except on roulette), grouping
// the round's items into the betting table and deciding which items take bets.
import { CASINO_BETTING_MS, type CasinoItem, type CasinoRound } from '@/types';

/** A delta carries only the fields that changed, always with `mid` and `ts`. */
export type RoundDelta = Partial<CasinoRound> & { mid: string; ts: number };

/** Seconds of betting a round opens with (the server's); scales the countdown ring. */
export const BETTING_SECONDS = CASINO_BETTING_MS / 1000;

/**
 * How long a table's motions last, as a share of their time at real pace, from the real time
 * between two countdown seconds (`intervalMs`): a card's flight or a die's roll lasts no longer
 * than the dealer's step, so a table run faster (a test's ×20) moves in step, 20 times quicker.
 */
export function motionScale(intervalMs: number): number {
  if (!(intervalMs > 0) || intervalMs >= 800) return 1;
  return Math.max(0.05, Math.round(intervalMs / 50) * 0.05);
}

/** The longest of a table's motions at real pace: the roulette wheel's landing (and its ball). */
export const WHEEL_LAND_MS = 2600;

/** A motion shorter than this is not drawn: at 60 frames a second it is a few frames, which
 * the eye reads as a jump, while the browser still redraws its layer every frame. */
export const MIN_MOTION_MS = 150;

/**
 * Whether the table draws its motions at `scale` (`motionScale`): not once even the longest
 * would last under `MIN_MOTION_MS` (a test's ×20, 130 ms for the wheel's three turns); the
 * table then shows each state as it comes, as under reduced motion.
 */
export function drawsMotion(scale: number): boolean {
  return WHEEL_LAND_MS * scale >= MIN_MOTION_MS;
}

/** The countdown's pace: the last second seen; whether the run of seconds it is in is being timed
 * (from its first second counted down); the intervals timed so far and their sum. */
export type Pace = { lt: number; at: number; timing: boolean; counted: number; elapsedMs: number };

/** Intervals timed before the first estimate: the seconds can come two in a burst (5 ms, then 95),
 * and a late tick is followed by a quick one. */
const FIRST_ESTIMATE_INTERVALS = 4;

/**
 * The pace after the countdown shows `lt` at time `at` (ms). Only a second counted down from the
 * one before is an interval, and a run of seconds (a round's countdown) is timed from its first
 * second counted down: the first second seen may have come at any moment of that second, as a
 * snapshot does. What was timed stays across rounds, so the motions' scale settles once and
 * stays (a scale that changed would restyle the table).
 */
export function nextPace(pace: Pace | null, lt: number, at: number): Pace {
  if (pace && lt === pace.lt) return pace;
  const timed = { counted: pace?.counted ?? 0, elapsedMs: pace?.elapsedMs ?? 0 };
  if (!pace || lt !== pace.lt - 1) return { lt, at, timing: false, ...timed };
  if (!pace.timing) return { lt, at, timing: true, ...timed };
  return { lt, at, timing: true, counted: pace.counted + 1, elapsedMs: pace.elapsedMs + (at - pace.at) };
}

/** The mean real time between two seconds over every interval timed (bursts and late ticks
 * average out), or null before `FIRST_ESTIMATE_INTERVALS` of them. */
export function paceIntervalMs(pace: Pace | null): number | null {
  return pace && pace.counted >= FIRST_ESTIMATE_INTERVALS ? pace.elapsedMs / pace.counted : null;
}

/** Whether a topic update is shown at once rather than with the next display batch: it changes
 * whether a bet is taken (the round's status, its items, its results), or a staged table (Poker
 * 20-20) deals a stage and starts counting to the next, which at x10 lasts less than a batch. */
export const showsAtOnce = (delta: RoundDelta): boolean => 'status' in delta || 'items' in delta || 'results' in delta || ('hands' in delta && (delta.next_lt ?? 0) > 0);

export function isRoundDelta(value: unknown): value is RoundDelta {
  return typeof value === 'object' && value !== null && typeof (value as RoundDelta).mid === 'string' && typeof (value as RoundDelta).ts === 'number';
}

function isWholeRound(value: Partial<CasinoRound>): value is CasinoRound {
  return typeof value.gtype === 'string' && Array.isArray(value.items) && Array.isArray(value.hands) && Array.isArray(value.results) && typeof value.lt === 'number';
}

/**
 * `{...round, ...delta}`, or null when there is nothing to merge into and the delta is not a whole
 * round. An update older than the round held (a late poll answer) is dropped: the round is kept.
 */
export function mergeRound(round: CasinoRound | null, delta: RoundDelta | CasinoRound): CasinoRound | null {
  if (round && delta.ts < round.ts) return round;
  if (!round) return isWholeRound(delta) ? delta : null;
  return { ...round, ...delta };
}

/** A new round: another round id, or the countdown going from 0 back to a positive value. */
export function startsNewRound(previous: CasinoRound | null, next: CasinoRound | null): boolean {
  if (!previous || !next) return false;
  return previous.mid !== next.mid || (previous.lt === 0 && next.lt > 0);
}

/** Spec §4: a new round clears the slip and stake, except on roulette, where bets carry over. */
export function clearsSlip(previous: CasinoRound | null, next: CasinoRound | null): boolean {
  return startsNewRound(previous, next) && next?.gtype !== 'roulette';
}

/** Spec §4: an item that is SUSPENDED, or has no rate, takes no bets. */
export function isItemLocked(item: CasinoItem): boolean {
  return item.gstatus !== 'ACTIVE' || !(item.b > 0);
}

/**
 * A board of items locks as one layer: true when every item on it is locked (betting closed).
 * Its cells then need no lock of their own, so a round opening or closing changes the board and
 * no cell; a cell is locked alone only while the rest of the board is open.
 */
export function isBoardLocked(items: ReadonlyArray<CasinoItem>): boolean {
  return items.length > 0 && items.every(isItemLocked);
}

export type ItemGroup = { type: string; title: string; items: CasinoItem[] };

const GROUP_TITLES: Record<string, string> = {
  main: 'Main',
  pairplus: 'Pair Plus',
  lowhigh: 'Low / High',
  oddeven: 'Odd / Even',
  colour: 'Colour',
  rank: 'Card',
  suit: 'Suit',
  joker: 'Joker',
  cards: 'Cards Dealt',
  cardsline: 'Total Cards (Yes / No)',
  points: 'Total Points (Yes / No)',
  pair: 'Pair',
  size: 'Big / Small',
  straight: 'Numbers',
  split: 'Split',
  street: 'Street',
  corner: 'Corner',
  sixline: 'Six Line',
  dozen: 'Dozen',
  column: 'Column',
  evenmoney: 'Even Money',
  winner: 'Winner',
  winninghand: 'Winning Hand',
  total: 'Total',
  combination: 'Two-Dice Combination',
  double: 'Specific Double',
  triple: 'Specific Triple',
  anytriple: 'Any Triple',
  single: 'Single Number',
  patti: 'Patti',
  judgement: 'Pick Three Ranks',
  mode: 'Answer the Five Questions',
  lottery: 'Pick Your Number',
  team: 'Match (a tie returns the stakes)',
  runs: 'Runs Line (back Over, lay Under)',
};

/** Groups that lead their table; the rest follow in the order the server lists them. */
const LEADING_GROUPS = ['main', 'lowhigh', 'straight', 'evenmoney', 'dozen', 'column'];

export function groupTitle(type: string): string {
  return GROUP_TITLES[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
}

/** The round's items by `type`: main markets first, then in the order the items come. */
export function groupItems(items: ReadonlyArray<CasinoItem>): ItemGroup[] {
  const groups = new Map<string, CasinoItem[]>();
  for (const item of items) {
    const list = groups.get(item.type);
    if (list) list.push(item);
    else groups.set(item.type, [item]);
  }
  const rank = (type: string) => {
    const index = LEADING_GROUPS.indexOf(type);
    return index === -1 ? LEADING_GROUPS.length : index;
  };
  return [...groups.entries()]
    .map(([type, list], order) => ({ type, title: groupTitle(type), items: list, order }))
    .sort((a, b) => rank(a.type) - rank(b.type) || a.order - b.order)
    .map(({ type, title, items: list }) => ({ type, title, items: list }));
}

/** The round's winner for the status line: the first part of `rdesc` ("Player A | A: Pair …"). */
export function winnerOf(rdesc: string): string {
  return rdesc.split('|')[0]?.trim() ?? '';
}

/** At most `max` columns, with rows as even as possible (6 items: 3 + 3, not 4 + 2). */
export function balancedColumns(count: number, max: number): number {
  return count > 0 ? Math.ceil(count / Math.ceil(count / max)) : 1;
}

/** Roulette's inside bets are named by their numbers alone; the slip says which bet it is. */
const INSIDE_BETS: Record<string, string> = { straight: 'Number', split: 'Split', street: 'Street', corner: 'Corner', sixline: 'Six Line' };

export function itemLabel(item: CasinoItem): string {
  const kind = INSIDE_BETS[item.type];
  return kind ? `${kind} ${item.nat}` : item.nat;
}

export type ItemCell = { item: CasinoItem; label: string };
/** A row of a dense group: one side's items (Dragon, Tiger) with the side's name taken off. */
export type SideRow = { side: string | null; cells: ItemCell[] };

/**
 * Splits a dense group whose items all start with one or two side names ("Dragon A" …
 * "Tiger K", "Joker A" …) into a row per side, each cell named by the rest ("A"). Any other
 * group is one row of full names.
 */
export function sideRows(items: ReadonlyArray<CasinoItem>, denseFrom: number): SideRow[] {
  const whole: SideRow[] = [{ side: null, cells: items.map((item) => ({ item, label: item.nat })) }];
  if (items.length < denseFrom) return whole;
  const firsts = items.map((item) => (item.nat.includes(' ') ? item.nat.slice(0, item.nat.indexOf(' ')) : null));
  const sides = [...new Set(firsts)];
  if (sides.length > 2 || sides.some((side) => side === null)) return whole;
  return (sides as string[]).map((side) => ({
    side: sides.length === 2 ? side : null,
    cells: items.filter((_, index) => firsts[index] === side).map((item) => ({ item, label: item.nat.slice(side.length + 1) })),
  }));
}
