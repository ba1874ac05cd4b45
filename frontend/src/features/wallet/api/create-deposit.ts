import type { DepositRequestBody, Envelope, WalletRequest } from '@/types';
import { apiRequest } from '@/lib/api-client';

/** POST /api/wallet/deposit: a Pending deposit request; no money moves until an operator approves. */
export function createDeposit(body: DepositRequestBody): Promise<Envelope<WalletRequest> | undefined> {
  return apiRequest<WalletRequest>('/wallet/deposit', { method: 'POST', body });
}
