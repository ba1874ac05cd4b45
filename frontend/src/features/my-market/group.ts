// Spec §3: current bets are grouped by marketId with a trade count.
import type { BetView } from '@/types';

export type MarketGroup = { marketId: number; marketName: string; eventName: string; etid: number; gameId: number; gType: string; trades: number };

export function groupByMarket(bets: BetView[]): MarketGroup[] {
  const groups = new Map<number, MarketGroup>();
  for (const bet of bets) {
    const group = groups.get(bet.marketId);
    if (group) group.trades += 1;
    else groups.set(bet.marketId, { marketId: bet.marketId, marketName: bet.marketName, eventName: bet.eventName, etid: bet.etid, gameId: bet.gameId, gType: bet.gType, trades: 1 });
  }
  return [...groups.values()];
}
