// The operators' calls (docs/api.md "Operators"), all under /api/ops.
import type { Envelope, OpsActionRequest, OpsBook, OpsEventRow, OpsFeed, OpsFeedAction, OpsFixture, OpsHouse, OpsMakers, OpsMakersRequest, OpsTable, OpsMoment, OpsTimelinePoint, OpsUserDetail, OpsUserRow, OpsVerifyRun, WalletRequest } from '@/types';
import { apiData, apiRequest } from '@/lib/api-client';
import { API_BASE } from '@/lib/config';
import { sessionActions } from '@/lib/session';

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

export type AccountActionPath = 'lock' | 'unlock' | 'reset-password' | 'end-sessions' | 'cancel-orders';

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

export type MomentQuery = { seq?: number; at?: string; username?: string };

/** GET /api/ops/audit/moment: every account (or one) as it was then, with its open bets. */
export function getMoment(query: MomentQuery): Promise<OpsMoment | undefined> {
  return apiData<OpsMoment>('/ops/audit/moment', { query });
}

export type EventsQuery = { fromSeq?: number; toSeq?: number; username: string; kind: string; market?: number };

/** GET /api/ops/audit/events: one page of the log's events, oldest first. */
export async function listEvents(query: EventsQuery, pageNumber: number, limit: number): Promise<Page<OpsEventRow> | undefined> {
  return page(await apiRequest<OpsEventRow[]>('/ops/audit/events', { query: { ...query, page: pageNumber, limit } }));
}

/** The same events as JSON lines, for a download. */
export async function exportEvents(query: EventsQuery): Promise<Blob> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const token = sessionActions.get()?.accessToken ?? '';
  const response = await fetch(`${API_BASE}/ops/audit/events.jsonl?${params}`, { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' });
  if (!response.ok) throw { message: `Export failed (${response.status})`, status: response.status };
  return response.blob();
}

/** POST /api/ops/audit/verify-runs: starts the invariant check over the whole log (or answers
 * the run in progress). */
export function startVerifyRun(): Promise<OpsVerifyRun | undefined> {
  return apiData<OpsVerifyRun>('/ops/audit/verify-runs', { method: 'POST', body: {} });
}

/** GET /api/ops/audit/verify-runs/latest: the check's progress, then its report. */
export function latestVerifyRun(): Promise<OpsVerifyRun | undefined> {
  return apiData<OpsVerifyRun>('/ops/audit/verify-runs/latest');
}

/** GET /api/ops/casino: every table with its round and lock. */
export function listTables(): Promise<OpsTable[] | undefined> {
  return apiData<OpsTable[]>('/ops/casino');
}

export type TableAction = 'lock' | 'unlock' | 'pause' | 'resume' | 'void';

/** POST /api/ops/casino/{gtype}/{action}: the message the server answered. */
export async function actOnTable(gtype: string, action: TableAction, remark: string): Promise<string | undefined> {
  const envelope = await apiRequest<OpsTable>(`/ops/casino/${encodeURIComponent(gtype)}/${action}`, { method: 'POST', body: { remark } });
  return envelope?.message;
}

/** GET /api/ops/feed: every fixture with its markets, and the feed's clock. */
export function getFeed(): Promise<OpsFeed | undefined> {
  return apiData<OpsFeed>('/ops/feed');
}

/** POST /api/ops/feed/{gmid}/markets/{mid}/{action}. */
export async function actOnMarket(gmid: number, mid: number, action: string, body: OpsFeedAction): Promise<string | undefined> {
  const envelope = await apiRequest<OpsFixture>(`/ops/feed/${gmid}/markets/${mid}/${action}`, { method: 'POST', body });
  return envelope?.message;
}

/** POST /api/ops/feed/{gmid}/{action}. */
export async function actOnFixture(gmid: number, action: string, body: OpsFeedAction): Promise<string | undefined> {
  const envelope = await apiRequest<OpsFixture | null>(`/ops/feed/${gmid}/${action}`, { method: 'POST', body });
  return envelope?.message;
}

/** GET /api/ops/exchange/{gameId}/{marketId}: an exchange market's depth, every unmatched order
 * by account and every account's position there. */
export function getExchangeBook(gmid: number, mid: number): Promise<OpsBook | undefined> {
  return apiData<OpsBook>(`/ops/exchange/${gmid}/${mid}`);
}

/** GET /api/ops/exchange/makers: the market makers' settings and each maker's money (404 when
 * the server runs none). */
export function getMakers(): Promise<OpsMakers | undefined> {
  return apiData<OpsMakers>('/ops/exchange/makers');
}

/** POST /api/ops/exchange/makers: the settings after the change, and the server's message. */
export async function changeMakers(request: OpsMakersRequest): Promise<{ makers: OpsMakers | undefined; message: string | undefined }> {
  const envelope = await apiRequest<OpsMakers>('/ops/exchange/makers', { method: 'POST', body: request });
  return { makers: envelope?.data, message: envelope?.message };
}

/** GET /api/ops/house: turnover, exposure per open market and table, P/L of the last `days` days. */
export function getHouse(days: number): Promise<OpsHouse | undefined> {
  return apiData<OpsHouse>('/ops/house', { query: { days } });
}
