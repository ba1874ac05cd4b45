import { describe, expect, it } from 'vitest';
import { WHEEL_ORDER, ballByBallOver, nextPokerStage, pokerStage, raceRunners, wheelAngle, winningHands } from '../model/scenes';

const row = (mid: string, win: string) => ({ mid, win, nat: win });

describe('pokerStage', () => {
  it('names the board by its open cards and the stage a countdown leads to', () => {
    expect([0, 1, 3, 4, 5].map(pokerStage)).toEqual(['Hole cards', 'Flop', 'Flop', 'Turn', 'River']);
    expect([0, 3, 4, 5].map(nextPokerStage)).toEqual(['Flop', 'Turn', 'River', null]);
  });
});

describe('raceRunners', () => {
  it('moves each king a step per card of its suit and stops it at the finish', () => {
    const runners = raceRunners([
      { name: 'Spades', cards: ['ASS', '2SS'] },
      { name: 'Hearts', cards: ['AHH', '2HH', '3HH', '4HH', '5HH'] },
      { name: 'Clubs', cards: [] },
    ]);
    expect(runners).toEqual([
      { suit: 'Spades', steps: 2, finished: false },
      { suit: 'Hearts', steps: 5, finished: true },
      { suit: 'Clubs', steps: 0, finished: false },
    ]);
  });
});

describe('ballByBallOver', () => {
  // Newest first, as the strip sends them.
  const results = [row('9', '4'), row('8', 'W'), row('7', '1'), row('6', '6'), row('5', '0')];

  it('puts round seq on its ball of the over, with the balls bowled before it', () => {
    expect(ballByBallOver(9, 'OPEN', results)).toEqual({ over: 2, ball: 3, bowled: ['W', '4'], runs: 4 });
    expect(ballByBallOver(7, 'SUSPENDED', results)).toEqual({ over: 2, ball: 1, bowled: [], runs: 0 });
    expect(ballByBallOver(6, 'OPEN', results)).toMatchObject({ over: 1, ball: 6, bowled: ['0', '6', '1', 'W', '4'], runs: 11 });
  });

  it("counts this round's ball once it is resulted (it leads the strip)", () => {
    expect(ballByBallOver(8, 'RESULT', results)).toEqual({ over: 2, ball: 2, bowled: ['W', '4'], runs: 4 });
  });

  it('is unknown without a round number', () => {
    expect(ballByBallOver(0, 'OPEN', results)).toBeNull();
  });
});

describe('the felt highlights the winner and turns the wheel to the number', () => {
  it('names the winning hands', () => {
    expect([...winningHands('Player A', ['Player A', 'Player B'])]).toEqual(['Player A']);
    expect([...winningHands('Player 8', ['Player 8', 'Player 9'])]).toEqual(['Player 8']);
    expect([...winningHands('Player 1, 4', ['Dealer', 'Player 1', 'Player 2', 'Player 4'])]).toEqual(['Player 1', 'Player 4']);
    expect([...winningHands('Pair (same rank, not the same suit): Pair wins, Tie loses', ['Dragon', 'Tiger'])]).toEqual([]);
    expect([...winningHands('Tie', ['Player A', 'Player B'])]).toEqual([]);
  });

  it('brings the number’s pocket to the top', () => {
    expect(WHEEL_ORDER).toHaveLength(37);
    expect(new Set(WHEEL_ORDER).size).toBe(37);
    expect(wheelAngle(0)).toBe(-0);
    expect(wheelAngle(32)).toBeCloseTo(-360 / 37);
    expect(wheelAngle(26)).toBeCloseTo(-(36 * 360) / 37);
  });
});
