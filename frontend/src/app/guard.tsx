import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { selectUser, useSession } from '@/lib/session';
import { canAccess, type Access } from './access';

/** A private route visited without a permitted role redirects to `/` (spec §2). */
export function Guard({ access, children }: { access: Access; children: ReactNode }) {
  const user = useSession(selectUser);
  if (!canAccess(access, user)) return <Navigate to="/" replace />;
  return <>{children}</>;
}
