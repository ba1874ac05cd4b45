import type { TotpEnrolment } from '@/types';
import { apiData } from '@/lib/api-client';

/** POST /api/secure-auth/enroll: a new secret and its otpauth URI (replaces a pending one). */
export function enrollTotp(): Promise<TotpEnrolment | undefined> {
  return apiData<TotpEnrolment>('/secure-auth/enroll', { method: 'POST', body: {} });
}
