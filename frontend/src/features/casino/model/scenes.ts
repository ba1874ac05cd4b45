// What three tables draw besides their cards, worked out from the round the server pushes:
// Poker 20-20's stage, Race 20's kings on the track, and Ball By Ball's over so far.
import type { CardHand, ResultRow, RoundStatus } from '@/types';
import type { BallMark } from './super-over';

export type PokerStage = 'Hole cards' | 'Flop' | 'Turn' | 'River';

/** The stage the board shows with `boardCards` open (0: only the hole cards are dealt). */
export function pokerStage(boardCards: number): PokerStage {
  if (boardCards >= 5) return 'River';
  if (boardCards === 4) return 'Turn';
  if (boardCards >= 1) return 'Flop';
  return 'Hole cards';
}

/** The stage dealt next after `boardCards` open: the one a countdown between stages counts to. */
export function nextPokerStage(boardCards: number): PokerStage | null {
  if (boardCards === 0) return 'Flop';
  if (boardCards === 3) return 'Turn';
  if (boardCards === 4) return 'River';
  return null;
}

/** Race 20: a king moves one step per card of its suit; the fifth step is the finish. */
export const RACE_FINISH = 5;

export type Runner = { suit: string; steps: number; finished: boolean };

export function raceRunners(hands: ReadonlyArray<CardHand>): Runner[] {
  return hands.map((hand) => {
    const steps = Math.min(hand.cards.length, RACE_FINISH);
    return { suit: hand.name, steps, finished: steps === RACE_FINISH };
  });
}

export const BALLS_PER_OVER = 6;

export type Over = {
  /** 1-based. */
  over: number;
  /** 1 to 6: the ball this round bowls. */
  ball: number;
  /** The over's balls bowled so far, first to last (the current one once resulted). */
  bowled: BallMark[];
  runs: number;
};

const BALL_MARKS: ReadonlyArray<string> = ['0', '1', '2', '3', '4', '6', 'W'];

/**
 * Ball By Ball's over: round `seq` (the table's round number from 1) is ball `(seq - 1) % 6 + 1`;
 * the balls before it in the over are the newest results (each round one ball, results newest
 * first, this round's first once resulted).
 */
export function ballByBallOver(seq: number, status: RoundStatus | null, results: ReadonlyArray<ResultRow>): Over | null {
  if (!Number.isInteger(seq) || seq < 1) return null;
  const ball = ((seq - 1) % BALLS_PER_OVER) + 1;
  const count = status === 'RESULT' ? ball : ball - 1;
  const bowled = results
    .slice(0, count)
    .map((row) => row.win)
    .filter((win): win is BallMark => BALL_MARKS.includes(win))
    .reverse();
  const runs = bowled.reduce((sum, mark) => sum + (mark === 'W' ? 0 : Number(mark)), 0);
  return { over: Math.floor((seq - 1) / BALLS_PER_OVER) + 1, ball, bowled, runs };
}

/**
 * The hands a resulted round's winner names: the hand itself (`Player A`, `Dragon`, `Banker`), a
 * hand its name starts with (`Player 8`), or Casino War's players (`Player 1, 4`). None for a
 * tie or a winner that is no hand.
 */
export function winningHands(winner: string, names: ReadonlyArray<string>): Set<string> {
  const war = /^Player (\d+(?:, \d+)*)$/.exec(winner);
  if (war && names.includes('Dealer')) return new Set((war[1] ?? '').split(', ').map((n) => `Player ${n}`));
  return new Set(names.filter((name) => winner === name || winner.startsWith(`${name} `) || winner.startsWith(`${name}:`)));
}

/** The European wheel's pockets, clockwise from 0. */
export const WHEEL_ORDER: ReadonlyArray<number> = [0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26];

/** The wheel's turn, in degrees, that brings `number`'s pocket under the marker at the top. */
export function wheelAngle(number: number): number {
  const index = WHEEL_ORDER.indexOf(number);
  return index < 0 ? 0 : -(index * 360) / WHEEL_ORDER.length;
}
