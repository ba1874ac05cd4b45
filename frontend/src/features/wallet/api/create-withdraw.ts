import type { Envelope, WalletRequest, WithdrawRequestBody } from '@/types';
import { apiRequest } from '@/lib/api-client';

/** POST /api/wallet/withdraw: a Pending withdrawal; the server holds the amount at once. */
export function createWithdraw(body: WithdrawRequestBody): Promise<Envelope<WalletRequest> | undefined> {
  return apiRequest<WalletRequest>('/wallet/withdraw', { method: 'POST', body });
}
