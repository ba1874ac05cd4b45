// Which table each market goes in: runner markets one table each, line markets one per type.
import type { MarketType } from '@/types';

const TYPE_ORDER: MarketType[] = ['match', 'match1', 'fancy', 'fancy1', 'oddeven', 'meter', 'khado', 'cricketcasino'];
export const RUNNER_TYPES = new Set<MarketType>(['match', 'match1', 'cricketcasino']);

export type Group = { key: string; gtype: MarketType; mids: number[] };

/** Runner markets one table each, line markets one table per type; by type, then by market id. */
export function groupMarkets(markets: Array<{ mid: number; gtype: MarketType }>): Group[] {
  const groups: Group[] = [];
  for (const gtype of TYPE_ORDER) {
    const ofType = markets.filter((market) => market.gtype === gtype).sort((a, b) => a.mid - b.mid);
    if (ofType.length === 0) continue;
    if (RUNNER_TYPES.has(gtype)) ofType.forEach((market) => groups.push({ key: `m${market.mid}`, gtype, mids: [market.mid] }));
    else groups.push({ key: gtype, gtype, mids: ofType.map((market) => market.mid) });
  }
  return groups;
}
