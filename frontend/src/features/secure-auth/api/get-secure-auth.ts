import type { SecureAuthStatus } from '@/types';
import { apiData } from '@/lib/api-client';

/** GET /api/secure-auth: Disabled or Enabled, a pending enrolment, the Telegram connection id. */
export function getSecureAuth(): Promise<SecureAuthStatus | undefined> {
  return apiData<SecureAuthStatus>('/secure-auth');
}
