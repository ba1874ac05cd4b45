// Feeds the match store: the REST snapshot paints first, then the `match:{gmid}` topic applies
// deltas. While the socket is down the snapshot call is polled (1 s game details, 3 s virtual
// cricket, 5 s cricketv; spec §9) and the scoreboard every 10 s.
// Deltas reach the screen at most once every DISPLAY_INTERVAL_MS (`lib/conflate`: a match's
// markets requote several times a second between them, a repaint each); a market that stops
// taking bets, a settlement, and a change of the fixture show at once.
import { useCallback, useEffect, useMemo } from 'react';
import { conflate } from '@/lib/conflate';
import { usePolling, useTopic } from '@/lib/use-topic';
import { getMatchState, type MatchSnapshot, type MatchSource } from '../api/get-match-state';
import { getScoreboard } from '../api/get-scoreboard';
import { isMatchDelta, type MatchDelta } from '../model/match-reducer';
import { useMatchStore } from '../stores/match-store';

export const SCOREBOARD_POLL_MS = 10_000;
export const DISPLAY_INTERVAL_MS = 500;

/** Shown at once: what stops or ends betting, and a change of the whole fixture. */
function changesBetting(delta: MatchDelta): boolean {
  switch (delta.kind) {
    case 'market':
      return delta.market.status !== 'OPEN';
    case 'scoreboard':
    case 'clock':
      return false;
    default:
      return true;
  }
}

/** `matching` (a page that takes bets): the server matches orders on match-odds markets (the
 * site configuration's `exchange_matching`); otherwise they take fixed-price bets like every
 * other market. */
export type MatchFeed = { etid: number; gmid: number; source: MatchSource; pollMs: number; matching?: boolean };

export function useMatchLive({ etid, gmid, source, pollMs, matching }: MatchFeed): { live: boolean } {
  useEffect(() => {
    if (matching !== undefined) useMatchStore.getState().setMatching(matching);
  }, [matching]);

  const fetchState = useCallback(() => {
    getMatchState(gmid, source)
      .then((snapshot) => {
        if (snapshot && useMatchStore.getState().gmid === gmid) useMatchStore.getState().applySnapshot(snapshot);
      })
      .catch((error: unknown) => console.error('Error fetching match:', error));
  }, [gmid, source]);

  const display = useMemo(
    () => conflate<MatchDelta>((deltas) => deltas.forEach((delta) => useMatchStore.getState().applyDelta(delta)), { intervalMs: DISPLAY_INTERVAL_MS, urgent: changesBetting }),
    [],
  );
  useEffect(() => () => display.cancel(), [display]);

  useEffect(() => {
    display.cancel();
    useMatchStore.getState().reset(gmid);
    fetchState();
  }, [gmid, fetchState, display]);

  const { live } = useTopic(`match:${gmid}`, {
    onSnapshot: (data) => {
      display.cancel();
      useMatchStore.getState().applySnapshot(data as MatchSnapshot);
    },
    onDelta: (data) => {
      if (isMatchDelta(data)) display.push(data);
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
