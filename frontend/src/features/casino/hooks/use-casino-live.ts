// Feeds the casino store with one table's round: `data2` paints first, then the `casino:{gtype}`
// topic (snapshot = the whole round, deltas = the changed fields with `mid` and `ts`). While the
// topic is not live the round is polled every second (spec §9). A table the server does not run
// (404) is marked unavailable and neither polled nor subscribed.
// The topic's updates are conflated for display (at most one batch every DISPLAY_INTERVAL_MS,
// `lib/conflate`): a table at test speed sends 20 a second, more than anyone can read and a
// repaint each; what changes whether a bet is taken (round status, items, results) shows at once,
// and so does each stage a staged table deals.
// The real time between countdown seconds sets the pace of the table's motions.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ApiError } from '@/lib/api-client';
import { conflate } from '@/lib/conflate';
import { usePolling, useTopic } from '@/lib/use-topic';
import { getRound } from '../api/get-round';
import { isRoundDelta, motionScale, nextPace, paceIntervalMs, showsAtOnce, type Pace, type RoundDelta } from '../model/round';
import { selectUnavailable, useCasinoStore } from '../stores/casino-store';

export const ROUND_POLL_MS = 1000;
/** Twice a second, as the match page: each batch shown is a frame of the whole page (style, paint,
 * commit), and at x20 the countdown's batches are most of what a spectator's page costs
 * (docs/benchmarks.md). */
export const DISPLAY_INTERVAL_MS = 500;

export function useCasinoLive(gtype: string): { live: boolean } {
  const fetchRound = useCallback(() => {
    getRound(gtype)
      .then((round) => {
        if (round && useCasinoStore.getState().gtype === gtype) useCasinoStore.getState().applyRound(round);
      })
      .catch((error: unknown) => {
        if ((error as ApiError).status === 404 && useCasinoStore.getState().gtype === gtype) useCasinoStore.getState().setUnavailable();
        else console.error('Error fetching casino data:', error);
      });
  }, [gtype]);

  const display = useMemo(
    () => conflate<RoundDelta>((deltas) => deltas.forEach((delta) => useCasinoStore.getState().applyRound(delta)), { intervalMs: DISPLAY_INTERVAL_MS, urgent: showsAtOnce }),
    [],
  );
  useEffect(() => () => display.cancel(), [display]);

  useEffect(() => {
    display.cancel();
    useCasinoStore.getState().reset(gtype);
    fetchRound();
  }, [gtype, fetchRound, display]);

  // The countdown's pace (averaged over every second counted down, across rounds) sets the
  // motions' scale, which then stays put: a scale changing would restyle the whole table.
  const pace = useRef<Pace | null>(null);
  const apply = (data: unknown) => {
    if (!isRoundDelta(data)) return;
    if (typeof data.lt === 'number' && data.lt > 0) {
      pace.current = nextPace(pace.current, data.lt, performance.now());
      const intervalMs = paceIntervalMs(pace.current);
      if (intervalMs !== null) useCasinoStore.getState().setMotionScale(motionScale(intervalMs));
    }
    display.push(data);
  };
  const unavailable = useCasinoStore(selectUnavailable);
  const { live } = useTopic(unavailable ? null : `casino:${gtype}`, { onSnapshot: apply, onDelta: apply });
  usePolling(!live && !unavailable, ROUND_POLL_MS, fetchRound);
  return { live };
}

/** True once the server has said it does not run this table. */
export function useTableUnavailable(): boolean {
  return useCasinoStore(selectUnavailable);
}
