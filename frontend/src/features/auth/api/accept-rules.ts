import type { User } from '@/types';
import { apiData } from '@/lib/api-client';

/** GET /users/access-rules/{id}: records that the user accepted the rules. */
export function acceptRules(userId: string): Promise<User | undefined> {
  return apiData<User>(`/users/access-rules/${encodeURIComponent(userId)}`);
}
