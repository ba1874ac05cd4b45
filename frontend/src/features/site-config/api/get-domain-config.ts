import type { Envelope, SiteConfig } from '@/types';
import { API_BASE } from '@/lib/config';
import { decryptPayload } from '@/lib/payload-crypto';

/** GET /domain/domain-config: a plain fetch, never cached; the body may be an encrypted Payload. */
export async function getDomainConfig(): Promise<SiteConfig> {
  const response = await fetch(`${API_BASE}/domain/domain-config`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`domain config: HTTP ${response.status}`);
  let body = (await response.json()) as Envelope<SiteConfig> | { Payload: string };
  if ('Payload' in body) body = decryptPayload<Envelope<SiteConfig>>(body.Payload);
  if (!body.data) throw new Error('domain config: no data');
  return body.data;
}
