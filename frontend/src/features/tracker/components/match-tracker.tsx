import type { Scoreboard } from '@/types';
import { racketKind } from '../model/racket';
import { CricketTracker } from './cricket-tracker';
import { FootballTracker } from './football-tracker';
import { raceKind } from '../model/race';
import { RaceTracker } from './race-tracker';
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
  if (tracker.sport === 'race') {
    const race = raceKind(etid);
    const runners = tracker.runners.filter((runner) => !runner.non_runner).length;
    return (
      <TrackerFrame sport="race" names={[]} header={`${race === 'greyhound' ? 'Greyhounds' : 'Horses'}: ${tracker.distance_m} m, ${runners} runners`} message={scoreboard.message}>
        <RaceTracker tracker={tracker} kind={race} />
      </TrackerFrame>
    );
  }
  return (
    <TrackerFrame sport={sport} names={names} message={scoreboard.message}>
      {tracker.sport === 'cricket' && <CricketTracker tracker={tracker} teams={scoreboard.teams} />}
      {tracker.sport === 'football' && <FootballTracker tracker={tracker} teams={scoreboard.teams} />}
      {tracker.sport === 'racket' && <RacketTracker tracker={tracker} teams={scoreboard.teams} kind={kind} />}
    </TrackerFrame>
  );
}
