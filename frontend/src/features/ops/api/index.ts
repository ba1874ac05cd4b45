// The operators' calls (issue 14; docs/api.md "Operators"), all under /api/ops.
import type { Envelope, OpsActionRequest, OpsTimelinePoint, OpsUserDetail, OpsUserRow, WalletRequest } from '@/types';
import { apiData, apiRequest } from '@/lib/api-client';

export type Page<T> = { rows: T[]; total: number };

function page<T>(envelope: Envelope<T[]> | undefined): Page<T> | undefined {
  if (!envelope) return undefined;
  return { rows: envelope.data ?? [], total: envelope.total ?? envelope.data?.length ?? 0 };
}

/** GET /api/ops/users: accounts whose name contains `search`, in name order. */
export async function listUsers(search: string, pageNumber: number, limit: number): Promise<Page<OpsUserRow> | undefined> {
  return page(await apiRequest<OpsUserRow[]>('/ops/users', { query: { search, page: pageNumber, limit } }));
}

export function getUser(username: string): Promise<OpsUserDetail | undefined> {
  return apiData<OpsUserDetail>(`/ops/users/${encodeURIComponent(username)}`);
}

export function getTimeline(username: string): Promise<OpsTimelinePoint[] | undefined> {
  return apiData<OpsTimelinePoint[]>(`/ops/users/${encodeURIComponent(username)}/timeline`);
}

export type AccountActionPath = 'lock' | 'unlock' | 'reset-password' | 'end-sessions';

/** POST /api/ops/users/{username}/{action}: the message the server answered. */
export async function actOnUser(username: string, action: AccountActionPath, body: OpsActionRequest): Promise<string | undefined> {
  const envelope = await apiRequest<OpsUserRow>(`/ops/users/${encodeURIComponent(username)}/${action}`, { method: 'POST', body });
  return envelope?.message;
}

/** POST /api/ops/credit or /api/ops/debit. */
export async function moveMoney(direction: 'credit' | 'debit', username: string, amount: number, remark: string): Promise<string | undefined> {
  const envelope = await apiRequest<unknown>(`/ops/${direction}`, { method: 'POST', body: { username, amount, remark } });
  return envelope?.message;
}

export type WalletQueueQuery = { status: string; kind: string; username: string; page: number; limit: number };

/** GET /api/ops/wallet/requests: the queue, oldest first. */
export async function listWalletRequests(query: WalletQueueQuery): Promise<Page<WalletRequest> | undefined> {
  return page(await apiRequest<WalletRequest[]>('/ops/wallet/requests', { query }));
}

export type Decision = 'process' | 'approve' | 'reject';

export async function decideWalletRequest(id: number, decision: Decision, remark: string): Promise<string | undefined> {
  const body = remark.trim() ? { remark: remark.trim() } : {};
  const envelope = await apiRequest<WalletRequest>(`/ops/wallet/requests/${id}/${decision}`, { method: 'POST', body });
  return envelope?.message;
}
