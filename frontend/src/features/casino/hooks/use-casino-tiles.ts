// The tiles of a casino type, kept in the store so the home grid, the sidebar and the lobby share
// one answer per type (fetched again on each mount and when sign-in changes).
import { useEffect, useState } from 'react';
import type { CasinoTile } from '@/types';
import { selectUser, useSession } from '@/lib/session';
import { getCasinoTiles } from '../api/get-casino-tiles';
import { selectTiles, useCasinoStore } from '../stores/casino-store';

const NO_TILES: CasinoTile[] = [];

/** `encrypted`: the signed-in call of base A (the lobby); otherwise the plain list of base B. */
export function useCasinoTiles(typeId: number, { encrypted = false } = {}): { tiles: CasinoTile[]; loading: boolean } {
  const user = useSession(selectUser);
  const signedIn = Boolean(user && user.role.length > 0);
  const tiles = useCasinoStore(selectTiles(typeId));
  const [settledType, setSettledType] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    getCasinoTiles(typeId, encrypted && signedIn)
      .then((list) => useCasinoStore.getState().setTiles(typeId, list))
      .catch((error: unknown) => console.error('Error fetching casino data:', error))
      .finally(() => {
        if (current) setSettledType(typeId);
      });
    return () => {
      current = false;
    };
  }, [typeId, encrypted, signedIn]);
  return { tiles: tiles ?? NO_TILES, loading: tiles === undefined && settledType !== typeId };
}
