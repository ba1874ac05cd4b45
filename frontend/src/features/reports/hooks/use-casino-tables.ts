import { useEffect, useState } from 'react';
import type { CasinoTile } from '@/types';
import { getCasinoTables } from '../api/get-casino-tables';

/** Every casino table, for the casino type selector; empty until loaded (or if the list fails). */
export function useCasinoTables(): CasinoTile[] {
  const [tables, setTables] = useState<CasinoTile[]>([]);
  useEffect(() => {
    let live = true;
    getCasinoTables()
      .then((list) => {
        if (live) setTables(list);
      })
      .catch((error: unknown) => console.error('Error fetching casino data:', error));
    return () => {
      live = false;
    };
  }, []);
  return tables;
}
