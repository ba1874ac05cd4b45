import type { WalletRequest } from '@/types';
import { apiRequest } from '@/lib/api-client';
import type { StatementQuery } from '../model/statement-query';

export type WalletRequestPage = { rows: WalletRequest[]; total: number };

/** GET /api/wallet/requests: one server-side page of the user's requests, newest first. */
export async function getWalletRequests(query: StatementQuery): Promise<WalletRequestPage | undefined> {
  const envelope = await apiRequest<WalletRequest[]>('/wallet/requests', { query });
  if (!envelope) return undefined;
  return { rows: envelope.data ?? [], total: envelope.total ?? envelope.data?.length ?? 0 };
}
