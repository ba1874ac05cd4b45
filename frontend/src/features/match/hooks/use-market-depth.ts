// A market's whole book for the ladder view (GET /api/exchange/depth/…): fetched when the view
// opens and again whenever the match topic pushes the market (the push carries only the best three
// prices a side, and comes after every batch that changed the book).
import { useEffect, useRef, useState } from 'react';
import type { MarketDepth } from '@/types';
import { getMarketDepth } from '../api/get-market-depth';
import { selectMarket, useMatchStore } from '../stores/match-store';

export function useMarketDepth(gmid: number, mid: number): MarketDepth | null {
  const market = useMatchStore(selectMarket(mid));
  const [depth, setDepth] = useState<MarketDepth | null>(null);
  const latest = useRef(0);
  useEffect(() => {
    latest.current += 1;
    const fetchId = latest.current;
    getMarketDepth(gmid, mid)
      .then((next) => {
        if (next && fetchId === latest.current) setDepth(next);
      })
      .catch((error: unknown) => console.error('Error fetching the market depth:', error));
    // Each pushed version of the market is a new object: refetch on every one.
  }, [gmid, mid, market]);
  return depth;
}
