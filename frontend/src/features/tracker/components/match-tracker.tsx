import type { Scoreboard } from '@/types';
import { racketKind } from '../model/racket';
import { CricketTracker } from './cricket-tracker';
import { FootballTracker } from './football-tracker';
import { RacketTracker } from './racket-tracker';
import { TrackerFrame } from './tracker-frame';

/**
 * The live match tracker of a scoreboard that carries one, drawn for its sport;
 * nothing when the feed sends none. `etid` tells a tennis court from a table tennis table.
 */
export function MatchTracker({ scoreboard, etid }: { scoreboard: Scoreboard | null; etid: number | undefined }) {
  const tracker = scoreboard?.tracker;
  if (!scoreboard || !tracker) return null;
  const names = scoreboard.teams.map((team) => team.name);
  const kind = racketKind(etid);
  const sport = tracker.sport === 'racket' ? kind : tracker.sport;
  return (
    <TrackerFrame sport={sport} names={names} message={scoreboard.message}>
      {tracker.sport === 'cricket' && <CricketTracker tracker={tracker} teams={scoreboard.teams} />}
      {tracker.sport === 'football' && <FootballTracker tracker={tracker} teams={scoreboard.teams} />}
      {tracker.sport === 'racket' && <RacketTracker tracker={tracker} teams={scoreboard.teams} kind={kind} />}
    </TrackerFrame>
  );
}
