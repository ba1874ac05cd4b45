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

/** The highest run a book counts (the ledger's `RUNS_MAX`). */
const RUNS_MAX = 999;
/** Runs past its line at which a meter bet stops growing (the ledger's `METER_RUNS_CAP`). */
const METER_RUNS_CAP = 50;

type RunRowLike = { run: number; profitLoss: number };

/** `stake × rate / 100` in minor units, floored like the ledger, back in currency units. */
function perHundred(stake: number, rate: number): number {
  return Math.floor((Math.round(stake * 100) * Math.round(rate * 100)) / 10_000) / 100;
}

/** The slip's run-line bet: its P/L at each final run total, and where that P/L steps or bends. */
function runPayoff(selection: Selection, stake: number, width: number): { pnl: (runs: number) => number; breakpoints: number[] } | null {
  const line = selection.price;
  const back = selection.side === 'back';
  switch (selection.gtype) {
    case 'fancy': {
      const win = perHundred(stake, selection.size > 0 ? selection.size : 100);
      return {
        pnl: (runs) => (back ? (runs >= line ? win : -stake) : runs < line ? stake : -win),
        breakpoints: [line - 1, line],
      };
    }
    case 'khado': {
      const win = perHundred(stake, selection.size > 0 ? selection.size : 100);
      return { pnl: (runs) => (runs >= line && runs < line + width ? win : -stake), breakpoints: [line - 1, line, line + width - 1, line + width] };
    }
    case 'meter': {
      const per = (runs: number) => round2(stake * Math.max(-METER_RUNS_CAP, Math.min(METER_RUNS_CAP, runs - line)));
      return { pnl: (runs) => (back ? per(runs) : -per(runs)), breakpoints: [line - METER_RUNS_CAP, line, line + METER_RUNS_CAP] };
    }
    default:
      return null;
  }
}

/** Today's Run Amount at a run total: the table's rows are where it steps or bends, so a straight
 * line between the two rows around it is exact (steps sit on neighbouring runs). 0 with no bets. */
export function runAmountAt(rows: readonly RunRowLike[], runs: number): number {
  let below: RunRowLike | undefined;
  for (const row of rows) {
    if (row.run >= runs) {
      if (row.run === runs || below === undefined) return row.profitLoss;
      return below.profitLoss + ((row.profitLoss - below.profitLoss) * (runs - below.run)) / (row.run - below.run);
    }
    below = row;
  }
  return below?.profitLoss ?? 0;
}

/**
 * The projected Run Amount (the spec's liveBook for line markets) of line `sid`: today's table
 * (`today`, the server's calcTable for the line) plus the slip's bet if it were matched, at every
 * run total where either steps. `null` when the slip holds no priced bet on this line. `width` is a
 * khado line's range.
 */
export function projectedRunAmount(slip: SlipState, marketId: number, sid: number, today: readonly RunRowLike[], width = 0): RunRowLike[] | null {
  const { selection, stake } = slip;
  if (!selection || selection.marketId !== marketId || selection.sectionId !== sid || !(stake > 0)) return null;
  const payoff = runPayoff(selection, stake, width);
  if (!payoff) return null;
  const runs = new Set<number>([0, RUNS_MAX, ...today.map((row) => row.run)]);
  for (const run of payoff.breakpoints) if (run >= 0 && run <= RUNS_MAX) runs.add(run);
  return [...runs].sort((a, b) => a - b).map((run) => ({ run, profitLoss: round2(runAmountAt(today, run) + payoff.pnl(run)) }));
}
