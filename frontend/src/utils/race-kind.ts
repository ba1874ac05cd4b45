// Which kind of race a sport is: greyhounds (Betfair's event type 4339) or horses (7).
export type RaceKind = 'greyhound' | 'horse';

export const GREYHOUND_ETID = 4339;
export const HORSE_ETID = 7;

export function raceKind(etid: number | undefined): RaceKind {
  return etid === GREYHOUND_ETID ? 'greyhound' : 'horse';
}
