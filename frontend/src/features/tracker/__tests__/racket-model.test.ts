import { callText, racketKind, rallyCounts } from '../model/racket';

const tracker = (points: string[]) => ({ server: 0, points, periods: [[2, 1]], won: [0, 0], rally: [], tiebreak: false });

describe('the racket tracker', () => {
  it('calls the score as an umpire would', () => {
    expect(callText(tracker(['40', '40']), ['Nadal', 'Federer'])).toBe('Deuce');
    expect(callText(tracker(['40', 'Ad']), ['Nadal', 'Federer'])).toBe('Advantage Federer');
    expect(callText(tracker(['30', '15']), ['Nadal', 'Federer'])).toBe('30-15');
  });

  it('tells table tennis from tennis by sport id and counts the points of the game', () => {
    expect(racketKind(8)).toBe('table-tennis');
    expect(racketKind(2)).toBe('tennis');
    expect(rallyCounts([0, 1, 1, 0, 0])).toEqual([3, 2]);
  });
});
