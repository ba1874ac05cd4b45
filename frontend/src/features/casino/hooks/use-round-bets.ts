// My Bet: the signed-in user's bets on the table's current round (GET /api/bet?marketId=&gType=),
// fetched when the table is opened, after each bet answer and whenever the user topic moves
// balance or exposure (a bet or a settlement). A new round is fetched only if the money moved
// since the round before it was shown: a bet moves the money, so a round no bet of the player's
// could be on is known to be empty (a spectator at a test's ×20 fetched 1.5 empty lists a second).
import { useEffect, useRef } from 'react';
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

/** The round shown last and the player's money (balance and exposure) when it was. */
export type ShownRound = { mid: string; money: string };

/**
 * Whether My Bet must be fetched now that the round is `mid` and the money `money`, after
 * `last` (null: nothing fetched yet). Not for a new round while the money has stayed as it was
 * when the round before it was shown: no bet was placed since (a bet on the new round, even from
 * another device, moves the money, and the user topic says so), so the new round holds none.
 * Anything else (the first round, the money moving) is fetched.
 */
export function needsRoundBets(last: ShownRound | null, mid: string, money: string): boolean {
  return last === null || last.mid === mid || last.money !== money;
}

export function useRoundBets(): void {
  const user = useSession(selectUser);
  const signedIn = Boolean(user && user.role.length > 0);
  const mid = useCasinoStore(selectMid);
  const balance = user?.balance;
  const exp = user?.exp;
  const shown = useRef<ShownRound | null>(null);
  useEffect(() => {
    if (!signedIn || !mid) {
      shown.current = null;
      return;
    }
    const money = `${balance}:${exp}`;
    const wanted = needsRoundBets(shown.current, mid, money);
    if (shown.current?.mid !== mid) shown.current = { mid, money };
    if (wanted) void refreshRoundBets();
  }, [signedIn, mid, balance, exp]);
}
