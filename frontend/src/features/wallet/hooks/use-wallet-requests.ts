// One server-side page of the user's deposit or withdraw requests. The list refreshes itself:
// whenever the signed-in user's balance or exposure moves (the header's `user` socket topic
// patches the shared session store in lib/session, so an approval or a rejection that moves money
// shows here at once), when the tab becomes visible again, and every 15 s for decisions that move
// no money (In-Process, a withdrawal paid out).
import { useCallback, useEffect, useState } from 'react';
import type { WalletRequest } from '@/types';
import { selectUser, useSession } from '@/lib/session';
import { usePolling } from '@/lib/use-topic';
import { getWalletRequests } from '../api/get-wallet-requests';
import type { StatementQuery } from '../model/statement-query';

export const STATEMENT_REFRESH_MS = 15_000;

export type WalletRequestsState = {
  rows: WalletRequest[];
  total: number;
  loading: boolean;
  failed: boolean;
};

export function useWalletRequests(query: StatementQuery): WalletRequestsState {
  const user = useSession(selectUser);
  const balance = user?.balance;
  const exp = user?.exp;
  const [state, setState] = useState<WalletRequestsState>({ rows: [], total: 0, loading: true, failed: false });
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((value) => value + 1), []);
  const key = JSON.stringify(query);

  useEffect(() => {
    let active = true;
    setState((current) => ({ ...current, loading: true }));
    getWalletRequests(JSON.parse(key) as StatementQuery)
      .then((page) => {
        if (active && page) setState({ rows: page.rows, total: page.total, loading: false, failed: false });
      })
      .catch((error: unknown) => {
        console.error('Error fetching wallet requests:', error);
        if (active) setState({ rows: [], total: 0, loading: false, failed: true });
      });
    return () => {
      active = false;
    };
  }, [key, balance, exp, tick]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refresh]);

  usePolling(true, STATEMENT_REFRESH_MS, refresh);

  return state;
}
