// The cricket-virtual table's timer (spec: "Cricket-virtual table game with timer"): the match
// clock the server pushes, read against the fixture's start. Before the start it counts down to
// it; from the start it counts up.

export type RoundClock = { phase: 'starts-in' | 'playing'; seconds: number; text: string };

function mmss(seconds: number): string {
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The clock at simulated time `clockMs` for a fixture starting at `stime` (RFC 3339); null when either is unknown. */
export function roundClock(stime: string | undefined, clockMs: number | null): RoundClock | null {
  const start = stime ? Date.parse(stime) : Number.NaN;
  if (clockMs === null || Number.isNaN(start)) return null;
  const elapsed = clockMs - start;
  if (elapsed < 0) {
    const seconds = Math.ceil(-elapsed / 1000);
    return { phase: 'starts-in', seconds, text: `Starts in ${mmss(seconds)}` };
  }
  const seconds = Math.floor(elapsed / 1000);
  return { phase: 'playing', seconds, text: mmss(seconds) };
}
