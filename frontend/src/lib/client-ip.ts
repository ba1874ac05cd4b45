// The client-IP header value: the server's own IP lookup (`GET /api/ip`), fetched once. When the
// lookup fails the header carries `unknown`, which the server ignores in favour of the peer
// address (docs/api.md), so the activity log never records a made-up address.
import { API_BASE } from './config';

export const CLIENT_IP_FALLBACK = 'unknown';

let pending: Promise<string> | null = null;

export function getClientIp(): Promise<string> {
  pending ??= fetch(`${API_BASE}/ip`, { cache: 'no-store' })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: unknown) => {
      const ip = (body as { data?: { ip?: unknown } } | null)?.data?.ip;
      return typeof ip === 'string' && ip.length > 0 ? ip : CLIENT_IP_FALLBACK;
    })
    .catch(() => CLIENT_IP_FALLBACK);
  return pending;
}

/** Tests reset the cached lookup. */
export function resetClientIp(value?: string): void {
  pending = value === undefined ? null : Promise.resolve(value);
}
