// The race tracker's pure logic: where each runner is drawn along the straight, in which
// colours (greyhound trap jackets, horse saddle cloths), who leads, and the order line.
import type { RaceRunner, RaceTracker } from '@/types';

export type RaceKind = 'greyhound' | 'horse';

export const GREYHOUND_ETID = 4339;
export const HORSE_ETID = 7;

export function raceKind(etid: number | undefined): RaceKind {
  return etid === GREYHOUND_ETID ? 'greyhound' : 'horse';
}

type Colors = { fill: string; text: string; stripe?: string };

// UK trap jackets: red, blue, white, black, orange, black and white stripes.
const TRAPS: Colors[] = [
  { fill: '#d32f2f', text: '#ffffff' },
  { fill: '#1565c0', text: '#ffffff' },
  { fill: '#fafafa', text: '#101820' },
  { fill: '#212121', text: '#ffffff' },
  { fill: '#f57c00', text: '#101820' },
  { fill: '#212121', text: '#ffffff', stripe: '#fafafa' },
];

// Saddle cloths by number, as UK courses colour them.
const CLOTHS: Colors[] = [
  { fill: '#d32f2f', text: '#ffffff' },
  { fill: '#fafafa', text: '#101820' },
  { fill: '#1565c0', text: '#ffffff' },
  { fill: '#fdd835', text: '#101820' },
  { fill: '#2e7d32', text: '#ffffff' },
  { fill: '#212121', text: '#ffffff' },
  { fill: '#f57c00', text: '#101820' },
  { fill: '#f48fb1', text: '#101820' },
  { fill: '#26c6da', text: '#101820' },
  { fill: '#6a1b9a', text: '#ffffff' },
  { fill: '#9e9e9e', text: '#101820' },
  { fill: '#c0ca33', text: '#101820' },
  { fill: '#6d4c41', text: '#ffffff' },
  { fill: '#880e4f', text: '#ffffff' },
];

export function runnerColors(kind: RaceKind, number: number): Colors {
  const palette = kind === 'greyhound' ? TRAPS : CLOTHS;
  return palette[(Math.max(1, number) - 1) % palette.length] ?? { fill: '#9e9e9e', text: '#101820' };
}

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
