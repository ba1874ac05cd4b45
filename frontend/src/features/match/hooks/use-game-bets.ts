// The signed-in user's matched bets, unmatched orders and books on this match (GET
// /api/bet?gameId=): fetched on entry, after each bet or order action, and again whenever the user
// topic pushes (every change of the user's money: a bet, a fill of a resting order, a cancel, a
// settlement), or the polled balance or exposure moves while the socket is down.
import { useCallback, useEffect } from 'react';
import { selectUser, useSession } from '@/lib/session';
import { useMoneyChanges } from '@/lib/money-changes';
import { getGameBets } from '../api/get-game-bets';
import { useMatchStore } from '../stores/match-store';

/** The newest fetch asked: an older answer landing after it is dropped. */
let latestFetch = 0;

export function refreshGameBets(gmid: number): Promise<void> {
  latestFetch += 1;
  const fetchId = latestFetch;
  return getGameBets(gmid)
    .then((data) => {
      if (!data || fetchId !== latestFetch || useMatchStore.getState().gmid !== gmid) return;
      useMatchStore.getState().setBets(data.bets, data.spotsData, data.orders ?? []);
    })
    .catch((error: unknown) => console.error('Error fetching bets:', error));
}

export function useGameBets(gmid: number): void {
  const user = useSession(selectUser);
  const signedIn = Boolean(user && user.role.length > 0);
  const balance = user?.balance;
  const exp = user?.exp;
  const pushes = useMoneyChanges();
  const refresh = useCallback(() => {
    if (signedIn) void refreshGameBets(gmid);
    else useMatchStore.getState().setBets([], [], []);
  }, [gmid, signedIn]);
  useEffect(() => {
    refresh();
  }, [refresh, balance, exp, pushes]);
}
