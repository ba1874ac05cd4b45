// A scripted fetch for unit tests: each call is answered by the first matching route's next
// response; every request is recorded for assertions.
import { vi } from 'vitest';

export type Recorded = { url: string; method: string; headers: Record<string, string>; body: unknown };
export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | Error;
type Route = { match: (url: string, method: string) => boolean; replies: Reply[] };

export function createFakeFetch() {
  const routes: Route[] = [];
  const calls: Recorded[] = [];

  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ url, method, headers, body });
    const route = routes.find((r) => r.match(url, method));
    if (!route) throw new Error(`unexpected request ${method} ${url}`);
    const reply = route.replies.length > 1 ? route.replies.shift()! : route.replies[0]!;
    if (reply instanceof Error) throw reply;
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });

  return {
    fetch: fetchImpl as unknown as typeof fetch,
    calls,
    /** Answers `method path` (path matched as a suffix before any query) with replies in turn. */
    on(method: string, path: string, ...replies: Reply[]) {
      routes.push({ match: (url, m) => m === method && url.split('?')[0]!.endsWith(path), replies });
      return this;
    },
    callsTo(path: string) {
      return calls.filter((call) => call.url.split('?')[0]!.endsWith(path));
    },
  };
}

export const envelope = <T>(data: T, message = 'OK') => ({ success: true, message, data });
export const failure = (message: string) => ({ success: false, message, data: null });
