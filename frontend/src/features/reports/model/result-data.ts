// What the result modal shows, from either source: a statement row (a settled sports market,
// or a casino round whose result is not fetched) or a fetched casino round.
import type { BetView, CasinoResultDetail, RoundResult, SettlementRow } from '@/types';

export type ResultModalData = {
  eventName: string;
  /** The round id (casino) or the market id (sports). */
  roundId: string;
  /** When the market or round was settled (RFC 3339). */
  createdAt: string;
  /** Picks the result view: the table's gtype or the market's type. */
  gameCode: string;
  /** A casino round's cards and outcome; null for sports and for bets-only rows. */
  round: RoundResult | null;
  marketName: string;
  remarks: string;
  bets: BetView[];
  /** The exchange's commission on the market's net winnings (0 when none, and for casino). */
  commission: number;
};

export function fromSettlement(row: SettlementRow): ResultModalData {
  const first = row.bets[0];
  return {
    eventName: row.eventName,
    roundId: first?.casino ? row.marketName : String(row.marketId),
    createdAt: row.createdAt,
    gameCode: first?.gType ?? '',
    round: null,
    marketName: row.marketName,
    remarks: row.remarks,
    bets: row.bets,
    commission: row.commission,
  };
}

export function fromCasinoDetail(detail: CasinoResultDetail): ResultModalData {
  return {
    eventName: detail.ename,
    roundId: detail.result.mid,
    createdAt: detail.createdAt,
    gameCode: detail.result.gtype,
    round: detail.result,
    marketName: detail.result.mid,
    remarks: detail.result.rdesc,
    bets: detail.bets,
    commission: 0,
  };
}
