// Selecting a price (login required, spec §5) and submitting the slip (spec §4).
import { useCallback } from 'react';
import type { Market, Section, Side } from '@/types';
import { notify } from '@/lib/notify';
import { submitBet } from '@/lib/submit-bet';
import { sessionActions } from '@/lib/session';
import { newRequestId } from '@/lib/request-id';
import { placeBet } from '../api/place-bet';
import { stakeLimits } from '../model/bet-rules';
import { placedOrderMessage } from '../model/order-outcome';
import { canSubmit, isExchangeMarket, takesOddsSetting } from '../model/slip';
import { useMatchStore } from '../stores/match-store';
import { refreshGameBets } from './use-game-bets';

export const LOGIN_REQUIRED = 'Please login to access!';

/** Prefills the slip with `side` at `price` of a section (a market cell, or a ladder view's cell).
 * On an exchange market `price` may be 0: an empty book's cell, priced in the slip. */
export function selectOdds(market: Market, section: Section, side: Side, price: number, size: number): void {
  const user = sessionActions.get()?.user;
  if (!user || user.role.length === 0) {
    notify.error(LOGIN_REQUIRED);
    return;
  }
  const { fixture, matching } = useMatchStore.getState();
  const { min, max } = stakeLimits(market, section);
  useMatchStore.getState().select({
    gameId: market.gmid,
    etid: fixture?.etid ?? 0,
    eventName: fixture?.ename ?? '',
    marketId: market.mid,
    marketName: market.mname,
    gtype: market.gtype,
    exchange: isExchangeMarket(market.gtype, matching),
    sectionId: section.sid,
    sectionName: section.nat,
    side,
    price,
    size,
    min,
    max,
  });
}

export function useSubmitBet(): () => Promise<void> {
  return useCallback(async () => {
    const store = useMatchStore.getState();
    const { selection, stake, persistence } = store.slip;
    if (!selection || !canSubmit(store.slip)) return;
    const { exchange } = selection;
    store.setSubmitting(true);
    const outcome = await submitBet(() =>
      placeBet({
        gameId: selection.gameId,
        marketId: selection.marketId,
        sectionId: selection.sectionId,
        uRate: selection.price,
        amount: stake,
        betType: selection.side,
        requestId: newRequestId(),
        etid: selection.etid,
        eventName: selection.eventName,
        marketName: selection.marketName,
        sectionName: selection.sectionName,
        gType: selection.gtype,
        ...(exchange ? { persistence } : {}),
        ...(takesOddsSetting(selection) ? { acceptOdds: store.acceptOdds } : {}),
      }),
      // An exchange order's toast says what matched and what waits in the book.
      (data) => (exchange && data.order ? placedOrderMessage(data.order, selection.price) : undefined),
    );
    // Spec §4: after a placed bet the slip is cleared and the stake is 0. A refused bet stays
    // on the slip as typed, with the server's reason (odds changed, BALL RUNNING, …), unless
    // the player already chose another selection meanwhile.
    const now = useMatchStore.getState();
    if (now.slip.selection === selection) {
      if (outcome && !outcome.placed) now.setRejection(outcome.reason);
      else now.clearSlip();
    }
    void refreshGameBets(selection.gameId);
  }, []);
}
