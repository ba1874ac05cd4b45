// Bet-slip rules (spec §4, §5, §9): what a selection holds, when Submit is enabled and the
// profit and liability the slip previews before the server prices the bet.
import type { MarketType, Side } from '@/types';

export type Selection = {
  gameId: number;
  etid: number;
  eventName: string;
  marketId: number;
  marketName: string;
  gtype: MarketType;
  sectionId: number;
  sectionName: string;
  side: Side;
  /** Odds, bookmaker rate or run line, as the cell showed it. */
  price: number;
  /** The level's size: the rate per 100 on run lines. */
  size: number;
  min: number;
  max: number;
};

export type SlipState = { selection: Selection | null; stake: number; submitting: boolean };

/** Spec §4: Submit is disabled with no selection, a stake of 0 or less, or while submitting. */
export function canSubmit({ selection, stake, submitting }: SlipState): boolean {
  return selection !== null && Number.isFinite(stake) && stake > 0 && !submitting;
}

/** Run-line markets price on a line with the rate in `size` (docs/api.md). */
export function isRunLine(gtype: MarketType): boolean {
  return gtype === 'fancy' || gtype === 'meter' || gtype === 'khado';
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Spec §9: match1 back wins stake × odds / 100, other back bets (odds − 1) × stake, a lay wins the
 * stake. Run lines, which the spec leaves open, win stake × rate / 100 on Yes (the server's rule,
 * docs/markets.md). Liability mirrors it: a back risks the stake, a lay risks what a back would win.
 */
export function preview(gtype: MarketType, side: Side, price: number, stake: number, size = 100): { profit: number; liability: number } {
  const amount = Number.isFinite(stake) && stake > 0 ? stake : 0;
  let backWin: number;
  if (gtype === 'match1') backWin = (amount * price) / 100;
  else if (isRunLine(gtype)) backWin = (amount * (size > 0 ? size : 100)) / 100;
  else backWin = (price - 1) * amount;
  backWin = Math.max(0, round2(backWin));
  return side === 'back' ? { profit: backWin, liability: round2(amount) } : { profit: round2(amount), liability: backWin };
}

/**
 * The projected P/L (the spec's liveBook) of runner `sid` of a runner market (match odds,
 * bookmaker, last digit) if the slip's bet were matched: today's book for that runner plus what
 * the bet makes when that runner wins (the selected runner) or loses (every other runner).
 * `null` when the slip holds no priced bet on this market.
 */
export function projectedRunner(slip: SlipState, marketId: number, sid: number, today: number): number | null {
  const { selection, stake } = slip;
  if (!selection || selection.marketId !== marketId || isRunLine(selection.gtype) || !(stake > 0)) return null;
  const { profit, liability } = preview(selection.gtype, selection.side, selection.price, stake, selection.size);
  const selected = selection.sectionId === sid;
  const change = selection.side === 'back' ? (selected ? profit : -liability) : selected ? -liability : profit;
  return round2(today + change);
}
