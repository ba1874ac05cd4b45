// The one HTTP client (spec §4, §7, §8): JSON, bearer token, and on a 401 one
// refresh followed by one retry. Session-ending paths call the handler the app registers, so
// this module never imports the router or a feature.
import type { Envelope, RefreshResponse } from '@/types';
import { API_BASE } from './config';
import { notify } from './notify';
import { decryptPayload, encryptPayload } from './payload-crypto';
import { sessionActions } from './session';

export const MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
  refreshFailed: 'Unauthorized access. You have been logged out.',
  retryUnauthorized: 'Unauthorized access. Please log in again.',
  forbidden: 'You don’t have permission to access this resource.',
  fallback: 'Something went wrong',
} as const;

/** What the wrappers throw: the server's response data, or this fallback. */
export type ApiError = { message: string; status?: number; [key: string]: unknown };

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Base URL; base A (`/api`) unless given. */
  base?: string;
  /** Skip the bearer token (login, demo login, public data). */
  skipAuth?: boolean;
  /** No refresh-and-retry on 401 (login). */
  noRetry?: boolean;
  /** Request body and response are `{Payload}` encrypted. */
  encrypted?: boolean;
  /** Override the token (the refresh call carries the refresh token). */
  token?: string;
};

type SessionEndHandler = (path: '/' | '/404') => void;
let onSessionEnd: SessionEndHandler = () => {};

/** The app registers where the user goes when the session ends or access is denied. */
export function setSessionEndHandler(handler: SessionEndHandler): void {
  onSessionEnd = handler;
}

type FetchLike = typeof fetch;
let fetchImpl: FetchLike = (...args) => fetch(...args);
/** Tests swap in a fake fetch. */
export function setFetch(impl: FetchLike): void {
  fetchImpl = impl;
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

function buildUrl(path: string, base: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

function messageOf(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message.length > 0) return message;
  }
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { message: text };
  }
}

/**
 * The last ledger event an answer reflected (`X-Ledger-Seq`, docs/scale-out.md). Sent back with
 * every call, so a read answered by another node of the installation (an edge following the
 * log) waits until that node has this client's own writes.
 */
let ledgerSeq = 0;

async function send(path: string, options: RequestOptions, token: string | null): Promise<unknown> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (ledgerSeq > 0) headers['X-Ledger-Seq'] = String(ledgerSeq);
  const body =
    options.body === undefined ? undefined : JSON.stringify(options.encrypted ? encryptPayload(options.body) : options.body);
  const response = await fetchImpl(buildUrl(path, options.base ?? API_BASE, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    cache: 'no-store',
  });
  const reached = Number(response.headers.get('X-Ledger-Seq'));
  if (Number.isSafeInteger(reached) && reached > ledgerSeq) ledgerSeq = reached;
  const data = await readBody(response);
  if (!response.ok) throw new HttpFailure(response.status, data);
  if (options.encrypted && data && typeof data === 'object' && 'Payload' in data) {
    return decryptPayload((data as { Payload: string }).Payload);
  }
  return data;
}

function endSession(message: string): void {
  notify.error(message);
  sessionActions.clear();
  onSessionEnd('/');
}

/**
 * The server pushed that this tab's session ended (an operator ended it, a newer login, a
 * password reset): the spec's session-expired message, the stored session cleared, home. Nothing
 * happens when this tab has already signed out.
 */
export function expireSession(): void {
  if (sessionActions.get()) endSession(MESSAGES.sessionExpired);
}

let refreshing: Promise<string | null> | null = null;

/** One refresh at a time: the server rotates refresh tokens and revokes a reused one. */
function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    const refreshToken = sessionActions.get()?.refreshToken;
    if (!refreshToken) {
      sessionActions.clear();
      onSessionEnd('/');
      return null;
    }
    try {
      const envelope = (await send('/auth/refresh/login', { skipAuth: true }, refreshToken)) as Envelope<RefreshResponse>;
      const accessToken = envelope?.data?.accessToken;
      if (!accessToken) throw new HttpFailure(401, envelope);
      sessionActions.setTokens(accessToken, envelope.data.refreshToken);
      return accessToken;
    } catch (error) {
      const data = error instanceof HttpFailure ? error.data : undefined;
      endSession(messageOf(data) ?? MESSAGES.refreshFailed);
      return null;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof HttpFailure) {
    if (error.data && typeof error.data === 'object') {
      return { ...(error.data as object), message: messageOf(error.data) ?? MESSAGES.fallback, status: error.status };
    }
    return { message: MESSAGES.fallback, status: error.status };
  }
  return { message: MESSAGES.fallback };
}

/**
 * Sends one request and returns the response body (the envelope). Resolves to `undefined` only
 * when the session could not be recovered (the user has already been told and moved); throws an
 * {@link ApiError} for every other failure.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T> | undefined> {
  const token = options.skipAuth ? null : (options.token ?? sessionActions.get()?.accessToken ?? null);
  try {
    return (await send(path, options, token)) as Envelope<T>;
  } catch (error) {
    if (!(error instanceof HttpFailure)) throw toApiError(error);
    if (messageOf(error.data) === MESSAGES.sessionExpired && error.status !== 401) {
      endSession(MESSAGES.sessionExpired);
      return undefined;
    }
    if (error.status !== 401 || options.noRetry || options.skipAuth) throw toApiError(error);
  }
  const fresh = await refreshAccessToken();
  if (!fresh) return undefined;
  try {
    return (await send(path, options, fresh)) as Envelope<T>;
  } catch (error) {
    if (error instanceof HttpFailure && error.status === 401) {
      notify.error(messageOf(error.data) ?? MESSAGES.retryUnauthorized);
      return undefined;
    }
    throw toApiError(error);
  }
}

/** Convenience for wrappers: the envelope's data, or undefined when the session ended. */
export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T | undefined> {
  const envelope = await apiRequest<T>(path, options);
  return envelope?.data;
}

/**
 * Every row of a paged list: page after page of `limit` rows until the envelope's `total` (or a
 * short page), at most `pagesMax` pages.
 */
export async function apiAllPages<T>(path: string, options: RequestOptions, limit: number, pagesMax: number): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= pagesMax; page += 1) {
    const envelope = await apiRequest<T[]>(path, { ...options, query: { ...options.query, page, limit } });
    const data = envelope?.data ?? [];
    rows.push(...data);
    if (data.length < limit || rows.length >= (envelope?.total ?? 0)) break;
  }
  return rows;
}

/** Called by the user fetch on a 403 (spec §8): tell the user and go to /404. */
export function denyAccess(error: ApiError): void {
  notify.error(error.message && error.message !== MESSAGES.fallback ? error.message : MESSAGES.forbidden);
  onSessionEnd('/404');
}
