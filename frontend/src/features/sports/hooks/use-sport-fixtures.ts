// The home table rows of one sport: REST for the first paint, then the `home:{etid}` topic (the
// snapshot is the whole row list, a delta the rows that changed and the ids that left); REST
// polling while the socket is down.
import { useCallback, useEffect, useState } from 'react';
import type { Fixture, HomeDelta } from '@/types';
import { usePolling, useTopic } from '@/lib/use-topic';
import { getMatchList } from '../api/get-match-list';
import { selectFixtures, useSportsStore } from '../stores/sports-store';

/** How often the table is refetched while the socket is down (the spec names no interval). */
export const HOME_POLL_INTERVAL_MS = 5000;

export function useSportFixtures(etid: number): { rows: Fixture[] | undefined; loading: boolean } {
  const rows = useSportsStore(selectFixtures(etid));
  const setFixtures = useSportsStore((state) => state.setFixtures);
  const [loading, setLoading] = useState(rows === undefined);

  const fetchRows = useCallback(() => {
    getMatchList(etid)
      .then((list) => setFixtures(etid, list))
      .catch((error: unknown) => console.error('Error fetching match list:', error))
      .finally(() => setLoading(false));
  }, [etid, setFixtures]);

  useEffect(() => {
    fetchRows();
  }, [fetchRows]);

  const applyHomeDelta = useSportsStore((state) => state.applyHomeDelta);
  const onSnapshot = useCallback(
    (data: unknown) => {
      if (Array.isArray(data)) setFixtures(etid, data as Fixture[]);
    },
    [etid, setFixtures],
  );
  const onDelta = useCallback((data: unknown) => applyHomeDelta(etid, data as HomeDelta), [etid, applyHomeDelta]);
  const { live } = useTopic(`home:${etid}`, { onSnapshot, onDelta });
  usePolling(!live, HOME_POLL_INTERVAL_MS, fetchRows);

  return { rows, loading: loading && rows === undefined };
}
