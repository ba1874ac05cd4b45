// My Bet: the signed-in user's bets on the table's current round (GET /api/bet?marketId=&gType=),
// fetched when the round changes, after each bet answer and whenever the user topic moves
// balance or exposure (a bet or a settlement).
import { useEffect } from 'react';
import { selectUser, useSession } from '@/lib/session';
import { getRoundBets } from '../api/get-round-bets';
import { selectMid, useCasinoStore } from '../stores/casino-store';

function fetchBets(mid: string, gtype: string): Promise<void> {
  return getRoundBets(mid, gtype)
    .then((bets) => {
      if (bets) useCasinoStore.getState().setBets(mid, bets);
    })
    .catch((error: unknown) => console.error('Error fetching bets:', error));
}

/** The running round's bets, and the last round's while any of them waits for its result. */
export function refreshRoundBets(): Promise<void> {
  const { round, lastBets } = useCasinoStore.getState();
  if (!round) return Promise.resolve();
  const unsettled = lastBets && lastBets.bets.some((bet) => bet.result === null);
  return Promise.all([fetchBets(round.mid, round.gtype), unsettled ? fetchBets(lastBets.mid, round.gtype) : null]).then(() => undefined);
}

export function useRoundBets(): void {
  const user = useSession(selectUser);
  const signedIn = Boolean(user && user.role.length > 0);
  const mid = useCasinoStore(selectMid);
  const balance = user?.balance;
  const exp = user?.exp;
  useEffect(() => {
    if (signedIn && mid) void refreshRoundBets();
  }, [signedIn, mid, balance, exp]);
}
