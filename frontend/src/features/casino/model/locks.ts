// Who may open a casino tile (spec §5): home tiles need a signed-in role; lobby tiles also stay
// locked for the spec's locked casino id (19) and for tables the server marks locked.
import type { CasinoTile, User } from '@/types';

export const LOGIN_REQUIRED = 'Please login to access!';
export const TABLE_LOCKED = 'This casino game is currently locked by the administrator.';
/** Spec §5: the casino id whose lobby tile is always locked. */
export const LOCKED_CASINO_ID = 19;

export function hasAnyRole(user: User | null | undefined): boolean {
  return Boolean(user && user.role.length > 0);
}

/** Home grid: locked unless the user has at least one role. */
export function homeTileLock(user: User | null | undefined): string | null {
  return hasAnyRole(user) ? null : LOGIN_REQUIRED;
}

/** Lobby: locked for visitors, for casino id 19 and for tables locked by the administrator. */
export function lobbyTileLock(tile: CasinoTile, user: User | null | undefined): string | null {
  if (!hasAnyRole(user)) return LOGIN_REQUIRED;
  return tile.cid === LOCKED_CASINO_ID || tile.locked ? TABLE_LOCKED : null;
}
