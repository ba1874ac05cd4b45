// Feeds the match store: the REST snapshot paints first, then the `match:{gmid}` topic applies
// deltas. While the socket is down the snapshot call is polled (1 s game details, 3 s virtual
// cricket, 5 s cricketv; spec §9) and the scoreboard every 10 s.
import { useCallback, useEffect } from 'react';
import { usePolling, useTopic } from '@/lib/use-topic';
import { getMatchState, type MatchSnapshot, type MatchSource } from '../api/get-match-state';
import { getScoreboard } from '../api/get-scoreboard';
import { isMatchDelta } from '../model/match-reducer';
import { useMatchStore } from '../stores/match-store';

export const SCOREBOARD_POLL_MS = 10_000;

export type MatchFeed = { etid: number; gmid: number; source: MatchSource; pollMs: number };

export function useMatchLive({ etid, gmid, source, pollMs }: MatchFeed): { live: boolean } {
  const fetchState = useCallback(() => {
    getMatchState(gmid, source)
      .then((snapshot) => {
        if (snapshot && useMatchStore.getState().gmid === gmid) useMatchStore.getState().applySnapshot(snapshot);
      })
      .catch((error: unknown) => console.error('Error fetching match:', error));
  }, [gmid, source]);

  useEffect(() => {
    useMatchStore.getState().reset(gmid);
    fetchState();
  }, [gmid, fetchState]);

  const { live } = useTopic(`match:${gmid}`, {
    onSnapshot: (data) => useMatchStore.getState().applySnapshot(data as MatchSnapshot),
    onDelta: (data) => {
      if (isMatchDelta(data)) useMatchStore.getState().applyDelta(data);
    },
  });

  usePolling(!live, pollMs, fetchState);
  usePolling(!live, SCOREBOARD_POLL_MS, () => {
    getScoreboard(etid, gmid)
      .then((scoreboard) => useMatchStore.getState().applyDelta({ kind: 'scoreboard', scoreboard }))
      .catch((error: unknown) => console.error('Error fetching scoreboard:', error));
  });
  return { live };
}
