import { useMemo } from 'react';
import type { RunRow } from '@/types';
import { projectedRunAmount } from '../../model/slip';
import { useMatchStore } from '../../stores/match-store';

/** Today's Run Amount of a line plus the slip's bet, as the player types (liveBook for lines):
 * the worst case beside the line and the whole table in its Book dialog. */
export function useProjectedRuns(mid: number, sid: number, today: RunRow[], width: number): RunRow[] | null {
  const slip = useMatchStore((state) => state.slip);
  return useMemo(() => projectedRunAmount(slip, mid, sid, today, width), [slip, mid, sid, today, width]);
}
