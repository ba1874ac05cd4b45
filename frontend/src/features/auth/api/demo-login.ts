import type { LoginResponse } from '@/types';
import { apiData } from '@/lib/api-client';

/** POST /auth/demo-login: a fresh demo account. */
export function demoLogin(): Promise<LoginResponse | undefined> {
  return apiData<LoginResponse>('/auth/demo-login', { method: 'POST', skipAuth: true, noRetry: true });
}
