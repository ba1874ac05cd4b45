import type { WithdrawAccount } from '@/types';
import { apiData } from '@/lib/api-client';

/** GET /api/wallet/accounts: every saved withdraw account, in the order saved. */
export async function getWithdrawAccounts(): Promise<WithdrawAccount[]> {
  return (await apiData<WithdrawAccount[]>('/wallet/accounts')) ?? [];
}
