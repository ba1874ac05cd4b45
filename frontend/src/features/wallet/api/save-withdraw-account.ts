import type { Envelope, SaveAccountBody, WithdrawAccount } from '@/types';
import { apiRequest } from '@/lib/api-client';

/** POST /api/wallet/accounts: saves a withdraw account ("Account saved"). */
export function saveWithdrawAccount(body: SaveAccountBody): Promise<Envelope<WithdrawAccount> | undefined> {
  return apiRequest<WithdrawAccount>('/wallet/accounts', { method: 'POST', body });
}
