// The race tracker's pure logic: where each runner is drawn along the straight, in which
// colours (greyhound trap jackets, horse saddle cloths), who leads, and the order line.
import type { RaceRunner, RaceTracker } from '@/types';

export { GREYHOUND_ETID, HORSE_ETID, raceKind, type RaceKind } from '@/utils/race-kind';
export { runnerColors } from '@/utils/race-colors';

/** The track's start and finish on the drawing's x axis. */
export const TRACK = { start: 34, finish: 296 } as const;

export type Lane = RaceRunner & { x: number; leader: boolean };

/** Each runner's lane: its x along the straight (the finish at `TRACK.finish`) and whether it leads. */
export function raceLanes(tracker: RaceTracker): Lane[] {
  const distance = Math.max(1, tracker.distance_m);
  return tracker.runners.map((runner) => ({
    ...runner,
    x: TRACK.start + (Math.min(runner.position_m, distance) / distance) * (TRACK.finish - TRACK.start),
    leader: !runner.non_runner && runner.rank === 1 && tracker.phase !== 'pre',
  }));
}

/** The order now (or the result): "1st 3. Swift Arrow, 2nd …", the first `count` places. */
export function orderLine(tracker: RaceTracker, count = 3): string {
  if (tracker.phase === 'pre') return '';
  const ordinal = ['1st', '2nd', '3rd', '4th'];
  return tracker.runners
    .filter((runner) => !runner.non_runner && runner.rank > 0)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, count)
    .map((runner) => `${ordinal[runner.rank - 1] ?? `${runner.rank}th`} ${runner.number}. ${runner.name}`)
    .join(', ');
}

/** The metres the leader still has to run. */
export function leaderToGo(tracker: RaceTracker): number {
  const positions = tracker.runners.filter((runner) => !runner.non_runner).map((runner) => runner.position_m);
  return Math.max(0, tracker.distance_m - Math.max(0, ...positions));
}

export function phaseLabel(tracker: RaceTracker): string {
  if (tracker.phase === 'pre') return 'Going to post';
  if (tracker.phase === 'finished') return 'Result';
  return `Off: ${Math.round(tracker.elapsed_ms / 1000)} s, ${leaderToGo(tracker)} m to go`;
}
