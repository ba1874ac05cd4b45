import type { ChangePasswordRequest, User } from '@/types';
import { apiData } from '@/lib/api-client';

export type ChangePasswordInput = ChangePasswordRequest;

/** POST /users/change-password. */
export function changePassword(input: ChangePasswordInput): Promise<User | undefined> {
  return apiData<User>('/users/change-password', { method: 'POST', body: input });
}
