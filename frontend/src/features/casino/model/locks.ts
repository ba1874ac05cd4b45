// Who may open a casino tile (spec §5): a table the administrator locked (or the spec's locked
// casino id 19) is locked for everyone and shows a padlock; a visitor's tile opens no table but
// says how to watch (log in, or try the demo); anyone signed in opens the rest.
import type { CasinoTile, User } from '@/types';

export const LOGIN_REQUIRED = 'Please login to access!';
export const TABLE_LOCKED = 'This casino game is currently locked by the administrator.';
/** Spec §5: the casino id whose lobby tile is always locked. */
export const LOCKED_CASINO_ID = 19;

export type TileAccess = { kind: 'open' } | { kind: 'login' } | { kind: 'locked'; message: string };

export function hasAnyRole(user: User | null | undefined): boolean {
  return Boolean(user && user.role.length > 0);
}

/** Home grid and the sidebar's casino list: closed unless the user has at least one role. */
export function homeTileLock(user: User | null | undefined): string | null {
  return hasAnyRole(user) ? null : LOGIN_REQUIRED;
}

/** A tile of the home grid: a visitor is told how to watch. */
export function homeTileAccess(user: User | null | undefined): TileAccess {
  return hasAnyRole(user) ? { kind: 'open' } : { kind: 'login' };
}

/** A lobby tile: locked for casino id 19 and tables the administrator locked; else a visitor is
 * told how to watch and a signed-in user opens it. */
export function lobbyTileAccess(tile: CasinoTile, user: User | null | undefined): TileAccess {
  if (tile.cid === LOCKED_CASINO_ID || tile.locked) return { kind: 'locked', message: TABLE_LOCKED };
  return hasAnyRole(user) ? { kind: 'open' } : { kind: 'login' };
}
