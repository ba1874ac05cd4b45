import type { Envelope, SecureAuthStatus } from '@/types';
import { apiRequest } from '@/lib/api-client';

/** POST /api/secure-auth/verify {code}: enables secure auth when the code matches the pending secret. */
export function verifyTotp(code: string): Promise<Envelope<SecureAuthStatus> | undefined> {
  return apiRequest<SecureAuthStatus>('/secure-auth/verify', { method: 'POST', body: { code } });
}
