// The signed-in user's open bets and books on this match (GET /api/bet?gameId=): fetched on entry
// and again whenever the user topic moves balance or exposure (a bet or a settlement).
import { useCallback, useEffect } from 'react';
import { selectUser, useSession } from '@/lib/session';
import { getGameBets } from '../api/get-game-bets';
import { useMatchStore } from '../stores/match-store';

export function refreshGameBets(gmid: number): Promise<void> {
  return getGameBets(gmid)
    .then((data) => {
      if (data && useMatchStore.getState().gmid === gmid) useMatchStore.getState().setBets(data.bets, data.spotsData);
    })
    .catch((error: unknown) => console.error('Error fetching bets:', error));
}

export function useGameBets(gmid: number): void {
  const user = useSession(selectUser);
  const signedIn = Boolean(user && user.role.length > 0);
  const balance = user?.balance;
  const exp = user?.exp;
  const refresh = useCallback(() => {
    if (signedIn) void refreshGameBets(gmid);
    else useMatchStore.getState().setBets([], []);
  }, [gmid, signedIn]);
  useEffect(() => {
    refresh();
  }, [refresh, balance, exp]);
}
