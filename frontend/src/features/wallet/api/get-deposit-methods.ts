import type { DepositMethod } from '@/types';
import { apiData } from '@/lib/api-client';

/** GET /api/wallet/deposit-methods: the nine methods of spec §9 with their limits, in order. */
export async function getDepositMethods(): Promise<DepositMethod[]> {
  return (await apiData<DepositMethod[]>('/wallet/deposit-methods')) ?? [];
}
