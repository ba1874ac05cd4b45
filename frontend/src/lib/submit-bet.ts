// Sending a bet from a slip (spec §4), shared by the match and casino slips: the server's answer
// is the toast, and an accepted bet's new balance and exposure go straight to the header.
import type { Envelope, PlaceBetResponse } from '@/types';
import type { ApiError } from './api-client';
import { notify } from './notify';
import { sessionActions } from './session';

/** How a sent bet ended: taken, refused with the reason the player is shown, or not answered
 * (the call was given up, e.g. the session ended). */
export type BetOutcome = { placed: true } | { placed: false; reason: string } | null;

/**
 * Sends the bet and toasts the answer; never throws (a failed call is an error toast). `describe`
 * words an accepted bet's toast from the answer (an exchange order says what matched); without
 * it, or when it returns nothing, the server's message is the toast. Resolves to the outcome, so
 * a slip can keep a refused bet with its reason.
 */
export async function submitBet(send: () => Promise<Envelope<PlaceBetResponse> | undefined>, describe?: (data: PlaceBetResponse) => string | undefined): Promise<BetOutcome> {
  try {
    const envelope = await send();
    if (!envelope) return null;
    if (envelope.success) {
      const described = envelope.data ? describe?.(envelope.data) : undefined;
      notify.success(described || envelope.message || 'Success!');
      if (envelope.data) sessionActions.patchUser({ balance: envelope.data.balance, exp: envelope.data.exp });
      return { placed: true };
    }
    const reason = envelope.message || 'Something went wrong';
    notify.error(reason);
    return { placed: false, reason };
  } catch (error) {
    const reason = (error as ApiError).message;
    notify.error(reason);
    return { placed: false, reason };
  }
}
