// Feeds the casino store with one table's round: `data2` paints first, then the `casino:{gtype}`
// topic (snapshot = the whole round, deltas = the changed fields with `mid` and `ts`). While the
// topic is not live the round is polled every second (spec §9). A table the server does not run
// (404) is marked unavailable and neither polled nor subscribed.
import { useCallback, useEffect } from 'react';
import type { ApiError } from '@/lib/api-client';
import { usePolling, useTopic } from '@/lib/use-topic';
import { getRound } from '../api/get-round';
import { isRoundDelta } from '../model/round';
import { selectUnavailable, useCasinoStore } from '../stores/casino-store';

export const ROUND_POLL_MS = 1000;

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

  useEffect(() => {
    useCasinoStore.getState().reset(gtype);
    fetchRound();
  }, [gtype, fetchRound]);

  const apply = (data: unknown) => {
    if (isRoundDelta(data)) useCasinoStore.getState().applyRound(data);
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
