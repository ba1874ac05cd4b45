// My Market's rows (spec §2): the markets and casino rounds behind the header's exposure, each
// linking to where it is played.
import type { OpenMarket } from '@/types';
import { betLink } from '@/utils/event-link';

export type MarketRow = { key: string; event: string; market: string; trades: number; exposure: number; to: string; casino: boolean };

export function marketRows(markets: ReadonlyArray<OpenMarket>, isccOf: (gmid: number) => number | undefined): MarketRow[] {
  return markets.map((market) => ({
    key: `${market.casino ? 'c' : 's'}${market.marketId}`,
    event: market.eventName,
    market: market.casino ? `Round ${market.marketName}` : market.marketName,
    trades: market.trades,
    exposure: market.exposure,
    to: market.casino ? `/casino/${market.gType}` : betLink(market, isccOf(market.gameId)),
    casino: market.casino,
  }));
}
