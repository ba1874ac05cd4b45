import { apiRequest } from '@/lib/api-client';

/** GET /auth/logout: ends the session the access token belongs to on the server. */
export async function logout(accessToken: string): Promise<void> {
  await apiRequest<null>('/auth/logout', { noRetry: true, token: accessToken });
}
