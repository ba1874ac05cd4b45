// Four tables drawn as their game, from the round the server pushes: Poker 20-20, Race 20, Ball
// By Ball and the super over, one file each.
export { BallByBallBoard } from './ball-by-ball-board';
export { PokerScene } from './poker-scene';
export { RaceTrack } from './race-track';
export { SuperOverBoard } from './super-over-board';
export { DiceBowl } from './dice-bowl';
export { FeltHands } from './felt-hands';
export { RouletteWheel } from './roulette-wheel';
