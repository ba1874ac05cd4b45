import type { User } from '@/types';
import { apiData } from '@/lib/api-client';

/** GET /users: the signed-in user (balance, exposure, flags). */
export function getUser(): Promise<User | undefined> {
  return apiData<User>('/users');
}
