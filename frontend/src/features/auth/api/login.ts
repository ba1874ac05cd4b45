import type { LoginRequest, LoginResponse } from '@/types';
import { apiData } from '@/lib/api-client';

export type LoginInput = LoginRequest;

/** POST /auth/login: no token, no refresh-and-retry. */
export function login(input: LoginInput): Promise<LoginResponse | undefined> {
  return apiData<LoginResponse>('/auth/login', { method: 'POST', body: input, skipAuth: true, noRetry: true });
}
