// Selecting an item (login required, spec §5) and submitting the casino slip (spec §4).
import { useCallback } from 'react';
import type { CasinoItem, PickQuote, Side } from '@/types';
import { notify } from '@/lib/notify';
import { submitBet } from '@/lib/submit-bet';
import { newRequestId } from '@/lib/request-id';
import { sessionActions } from '@/lib/session';
import { placeCasinoBet } from '../api/place-casino-bet';
import { canSubmit, EMPTY_SLIP } from '../model/slip';
import { isItemLocked, itemLabel } from '../model/round';
import { hasAnyRole, LOGIN_REQUIRED } from '../model/locks';
import { useCasinoStore } from '../stores/casino-store';
import { refreshRoundBets } from './use-round-bets';

export function selectItem(item: CasinoItem, side: Side): void {
  const user = sessionActions.get()?.user;
  if (!hasAnyRole(user)) {
    notify.error(LOGIN_REQUIRED);
    return;
  }
  const { round } = useCasinoStore.getState();
  const rate = side === 'back' ? item.b : item.l;
  // Spec §4: bets on suspended or zero-rate items are ignored.
  if (!round || isItemLocked(item) || !(rate > 0)) return;
  useCasinoStore.getState().select({ gtype: round.gtype, mid: round.mid, sid: item.sid, nat: itemLabel(item), side, rate, min: item.min, max: item.max });
}

/** Selects the round's current item `sid`: for a cell that renders only when its own look
 * changes, so the item it was drawn from may be older than the round's. */
export function selectItemBySid(sid: number, side: Side): void {
  const item = useCasinoStore.getState().round?.items.find((candidate) => candidate.sid === sid);
  if (item) selectItem(item, side);
}

/** Selects a quoted pick on a pick item (back only). */
export function selectPick(item: CasinoItem, quote: PickQuote): void {
  const user = sessionActions.get()?.user;
  if (!hasAnyRole(user)) {
    notify.error(LOGIN_REQUIRED);
    return;
  }
  const { round } = useCasinoStore.getState();
  if (!round || isItemLocked(item)) return;
  useCasinoStore.getState().select({ gtype: round.gtype, mid: round.mid, sid: item.sid, nat: quote.nat, side: 'back', rate: quote.rate, min: item.min, max: item.max, pick: quote.pick });
}

/** Whether the selected item takes bets now (false while the round deals). */
export function isSelectionOpen(items: ReadonlyArray<CasinoItem>, sid: number | undefined): boolean {
  const item = items.find((candidate) => candidate.sid === sid);
  return item !== undefined && !isItemLocked(item);
}

export function useSubmitCasinoBet(): () => Promise<void> {
  return useCallback(async () => {
    const store = useCasinoStore.getState();
    const { slip, round } = store;
    const { selection, stake } = slip;
    if (!selection || !round || !canSubmit(slip, isSelectionOpen(round.items, selection.sid))) return;
    store.setSubmitting(true);
    await submitBet(() =>
      placeCasinoBet({
        gType: round.gtype,
        marketId: round.mid,
        sectionId: selection.sid,
        uRate: selection.rate,
        amount: stake,
        betType: selection.side,
        requestId: newRequestId(),
        pick: selection.pick,
      }),
    );
    // Spec §4: after either answer the slip is cleared and the stake is 0.
    useCasinoStore.setState({ slip: EMPTY_SLIP });
    void refreshRoundBets();
  }, []);
}
