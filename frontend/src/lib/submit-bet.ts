// Sending a bet from a slip (spec §4), shared by the match and casino slips: the server's answer
// is the toast, and an accepted bet's new balance and exposure go straight to the header.
import type { Envelope, PlaceBetResponse } from '@/types';
import type { ApiError } from './api-client';
import { notify } from './notify';
import { sessionActions } from './session';

/**
 * Sends the bet and toasts the answer; never throws (a failed call is an error toast). `describe`
 * words an accepted bet's toast from the answer (an exchange order says what matched); without
 * it, or when it returns nothing, the server's message is the toast.
 */
export async function submitBet(send: () => Promise<Envelope<PlaceBetResponse> | undefined>, describe?: (data: PlaceBetResponse) => string | undefined): Promise<void> {
  try {
    const envelope = await send();
    if (!envelope) return;
    if (envelope.success) {
      const described = envelope.data ? describe?.(envelope.data) : undefined;
      notify.success(described || envelope.message || 'Success!');
      if (envelope.data) sessionActions.patchUser({ balance: envelope.data.balance, exp: envelope.data.exp });
    } else {
      notify.error(envelope.message || 'Something went wrong');
    }
  } catch (error) {
    notify.error((error as ApiError).message);
  }
}
