// Who may open a route (spec §2, §6).
import type { Role, User } from '@/types';

export type Access = 'public' | 'signed-in' | 'user-demo' | 'user' | 'operator';

export function hasRole(user: User | null | undefined, role: Role): boolean {
  return Boolean(user?.role?.includes(role));
}

export function canAccess(access: Access, user: User | null | undefined): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'signed-in':
      return Boolean(user && user.role.length > 0);
    case 'user-demo':
      return hasRole(user, 'user') || hasRole(user, 'demo');
    case 'user':
      return hasRole(user, 'user');
    case 'operator':
      return hasRole(user, 'operator');
  }
}
