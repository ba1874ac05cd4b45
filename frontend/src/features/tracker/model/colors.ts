// Team colours of the tracker: home and away, readable on the green of a pitch and on a court.
export const TEAM_COLORS = ['#4fc3f7', '#ffb74d'] as const;

export function teamColor(team: number): string {
  return TEAM_COLORS[team === 1 ? 1 : 0];
}
