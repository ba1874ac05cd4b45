import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/** A list loaded once on mount: null while it loads, empty when the call fails (logged as `what`). */
export function useListOnce<T>(load: () => Promise<T[]>, what: string): [T[] | null, Dispatch<SetStateAction<T[] | null>>] {
  const [list, setList] = useState<T[] | null>(null);
  useEffect(() => {
    let active = true;
    load()
      .then((loaded) => active && setList(loaded))
      .catch((error: unknown) => {
        console.error(`Error fetching ${what}:`, error);
        if (active) setList([]);
      });
    return () => {
      active = false;
    };
  }, [load, what]);
  return [list, setList];
}
