import { apiRequest } from '@/lib/api-client';

/** GET /auth/logout: ends the session on the server. */
export async function logout(): Promise<void> {
  await apiRequest<null>('/auth/logout', { noRetry: true });
}
