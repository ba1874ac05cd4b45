// Pure model of the tennis and table tennis tracker: the headline of the game in play.
import type { RacketTracker } from '@/types';

export type RacketKind = 'tennis' | 'table-tennis';

/** Sport id 8 is table tennis (spec §3); everything else with a racket tracker is tennis. */
export function racketKind(etid: number | undefined): RacketKind {
  return etid === 8 ? 'table-tennis' : 'tennis';
}

/** What the umpire would say now: "Deuce", "Advantage Nadal", "30-15", "7-5". */
export function callText(tracker: RacketTracker, names: string[]): string {
  const [a = '0', b = '0'] = tracker.points;
  if (a === '40' && b === '40') return 'Deuce';
  if (a === 'Ad') return `Advantage ${names[0] ?? ''}`.trim();
  if (b === 'Ad') return `Advantage ${names[1] ?? ''}`.trim();
  return `${a}-${b}`;
}

/** Points won by each player in the game in play. */
export function rallyCounts(rally: number[]): [number, number] {
  let home = 0;
  for (const winner of rally) if (winner === 0) home += 1;
  return [home, rally.length - home];
}
