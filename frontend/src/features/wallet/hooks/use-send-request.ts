import { useState } from 'react';
import type { Envelope } from '@/types';
import type { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/**
 * Sends a deposit or withdraw request: `sending` while it goes, the server's message as the toast
 * (`done` when it has none). `send` resolves to whether the request was accepted.
 */
export function useSendRequest(done: string) {
  const [sending, setSending] = useState(false);
  const send = async (call: () => Promise<Envelope<unknown> | undefined>): Promise<boolean> => {
    setSending(true);
    try {
      const result = await call();
      if (!result) return false;
      notify.success(result.message || done);
      return true;
    } catch (error) {
      notify.error((error as ApiError).message);
      return false;
    } finally {
      setSending(false);
    }
  };
  return { sending, send };
}
