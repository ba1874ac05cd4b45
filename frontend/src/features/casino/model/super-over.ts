// The super over's scoreboard from the round's cards: each card is a ball by the card-to-ball
// table of the rules (`feed-sim/src/casino/ballbyball.rs`).

export type BallMark = '0' | '1' | '2' | '3' | '4' | '6' | 'W';

const BY_RANK: Record<string, BallMark> = {
  '5': '0',
  '7': '0',
  '10': '0',
  A: '1',
  '8': '1',
  J: '1',
  '2': '2',
  '9': '2',
  '3': '3',
  '4': '4',
  Q: '4',
  '6': '6',
  K: 'W',
};

/** A card string (`10HH`, `KSS`) as the ball it stands for. */
export function ballOf(card: string): BallMark | null {
  return BY_RANK[card.slice(0, -2)] ?? null;
}

export type InningsScore = { runs: number; wickets: number; balls: BallMark[] };

export function inningsScore(cards: ReadonlyArray<string>): InningsScore {
  const balls = cards.map(ballOf).filter((ball): ball is BallMark => ball !== null);
  const runs = balls.reduce((total, ball) => total + (ball === 'W' ? 0 : Number(ball)), 0);
  return { runs, wickets: balls.filter((ball) => ball === 'W').length, balls };
}
