import type { Envelope, SecureAuthStatus } from '@/types';
import { apiRequest } from '@/lib/api-client';

/** POST /api/secure-auth/disable {code}: turns secure auth off with a current code. */
export function disableTotp(code: string): Promise<Envelope<SecureAuthStatus> | undefined> {
  return apiRequest<SecureAuthStatus>('/secure-auth/disable', { method: 'POST', body: { code } });
}
