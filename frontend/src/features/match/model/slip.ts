// Bet-slip rules (spec §4, §5, §9): what a selection holds, when Submit is enabled and the
// profit and liability the slip previews before the server prices the bet, computed as the
// ledger computes them (schemas/test-vectors/bet-rules.json holds both to the same answers).
import { METER_RUNS_CAP, RUNS_MAX, type AcceptOdds, type MarketType, type Persistence, type Side } from '@/types';
import { round2 } from '@/utils/amount';
import { isLadderPrice } from './ladder';

export type Selection = {
  gameId: number;
  etid: number;
  eventName: string;
  marketId: number;
  marketName: string;
  gtype: MarketType;
  /** The bet is an exchange order (a match-odds market while the server matches orders): its
   * price must be one of the ladder's, and it may rest unmatched. */
  exchange: boolean;
  sectionId: number;
  sectionName: string;
  side: Side;
  /** Odds, bookmaker rate or run line, as the cell showed it; on an exchange market the order's
   * limit price, which the player may change (0: none yet, an empty book's cell). */
  price: number;
  /** The level's size: the rate per 100 on run lines. */
  size: number;
  min: number;
  max: number;
};

/** `persistence`: what an exchange order's unmatched part does when the market turns in-play.
 * `rejection`: why the server refused the bet last sent from this slip (the slip keeps the bet
 * as typed, so the player can send it again or change it). */
export type SlipState = { selection: Selection | null; stake: number; submitting: boolean; persistence: Persistence; rejection: string | null };

export const EMPTY_SLIP: SlipState = { selection: null, stake: 0, submitting: false, persistence: 'lapse', rejection: null };

/** The player's choices for a fixed-price bet whose price moved before the server priced it
 * (docs/exchange.md, "Odds changes"), as the slip words them. */
export const ACCEPT_ODDS_CHOICES: ReadonlyArray<{ value: AcceptOdds; label: string }> = [
  { value: 'exact', label: 'Exact price only' },
  { value: 'better', label: 'Accept better odds' },
  { value: 'any', label: 'Accept any odds' },
];

/** Whether the odds setting applies to a selection: a fixed-price bet's price. An exchange order
 * is a limit (matched at it or better, else it waits) and a run line is the bet itself. */
export function takesOddsSetting(selection: Pick<Selection, 'exchange' | 'gtype'>): boolean {
  return !selection.exchange && !isRunLine(selection.gtype);
}

/** Match-odds markets are the exchange's while the server matches orders (the site
 * configuration's `exchange_matching`): a bet is an order at a limit price on the ladder.
 * Otherwise they are booked against the house at the price shown, as every other market. */
export function isExchangeMarket(gtype: MarketType, matching: boolean): boolean {
  return matching && gtype === 'match';
}

/**
 * Spec §4: Submit is disabled with no selection, a stake of 0 or less, or while submitting; on an
 * exchange market also while the price is not one of the ladder's (the server refuses it).
 */
export function canSubmit({ selection, stake, submitting }: SlipState): boolean {
  if (selection === null || !Number.isFinite(stake) || !(stake > 0) || submitting) return false;
  return !selection.exchange || isLadderPrice(selection.price);
}

/** Run-line markets price on a line with the rate in `size` (docs/api.md). */
export function isRunLine(gtype: MarketType): boolean {
  return gtype === 'fancy' || gtype === 'meter' || gtype === 'khado';
}

/** Markets with one winner among their sections: each section's book is a runner's. */
function isRunnerMarket(gtype: MarketType): boolean {
  return gtype === 'match' || gtype === 'match1' || gtype === 'cricketcasino';
}

/** Currency units (at most two decimals, as the server reads an amount) to minor units. */
const toMinor = (units: number) => (Number.isFinite(units) && units > 0 ? Math.round(units * 100) : 0);
/** Minor units to currency units (never -0). */
const toUnits = (minor: number) => minor / 100 + 0;

/** `a × b / divisor` floored, exactly: stakes times odds can pass 2^53 in minor units. */
function mulDiv(a: number, b: number, divisor: number): number {
  return Number((BigInt(a) * BigInt(b)) / BigInt(divisor));
}

/** A bet as the slip holds it: the cell's price (odds, bookmaker rate or run line) and size (a
 * run line's rate), and a khado line's width. */
type BetTerms = { gtype: MarketType; side: Side; price: number; size: number; width?: number };

type BetPayoff = {
  /** Runner and yes/no markets: the P/L when the selection wins (happens), and when it does not. */
  pnlIfWon?: number;
  pnlIfLost?: number;
  /** Run lines: the P/L at a final run total, and the totals where it steps or bends. */
  atRuns?: (runs: number) => number;
  breakpoints: number[];
};

/**
 * The ledger's payoff of a bet (`Payoff` in ledger/src/betting.rs) in minor units: its P/L at
 * each outcome it can have on its own, and for run lines the P/L at any run total. Amounts are
 * floored to the minor unit as the ledger floors them; schemas/test-vectors/bet-rules.json
 * (`previews`) holds both to the same answers.
 */
function payoff(bet: BetTerms, stakeMinor: number): BetPayoff {
  const back = bet.side === 'back';
  const priceH = Math.round(bet.price * 100);
  const rateH = Math.round(bet.size * 100);
  const line = bet.price;
  if (!isRunLine(bet.gtype)) {
    // match1 pays per 100; the other types pay decimal odds minus one.
    const win = bet.gtype === 'match1' ? mulDiv(stakeMinor, priceH, 10_000) : mulDiv(stakeMinor, Math.max(0, priceH - 100), 100);
    return back ? { pnlIfWon: win, pnlIfLost: -stakeMinor, breakpoints: [] } : { pnlIfWon: -win, pnlIfLost: stakeMinor, breakpoints: [] };
  }
  const win = mulDiv(stakeMinor, rateH, 10_000);
  switch (bet.gtype) {
    case 'fancy':
      return {
        atRuns: (runs) => (back ? (runs >= line ? win : -stakeMinor) : runs < line ? stakeMinor : -win),
        breakpoints: [line - 1, line],
      };
    case 'khado': {
      const width = Math.max(1, bet.width ?? 0);
      return { atRuns: (runs) => (runs >= line && runs < line + width ? win : -stakeMinor), breakpoints: [line - 1, line, line + width - 1, line + width] };
    }
    default: {
      // Meter: the stake is per run of difference, capped each way.
      const perRun = (runs: number) => stakeMinor * Math.max(-METER_RUNS_CAP, Math.min(METER_RUNS_CAP, runs - line));
      return { atRuns: (runs) => (back ? perRun(runs) : -perRun(runs)), breakpoints: [line - METER_RUNS_CAP, line, line + METER_RUNS_CAP] };
    }
  }
}

/** The run totals where a run line's P/L can step or bend, with 0 and the highest run, in order. */
function candidateRuns(breakpoints: number[], more: readonly number[] = []): number[] {
  const runs = new Set<number>([0, RUNS_MAX, ...more]);
  for (const run of breakpoints) if (run >= 0 && run <= RUNS_MAX) runs.add(run);
  return [...runs].sort((a, b) => a - b);
}

/**
 * What the slip previews (spec §9), to the minor unit of what the ledger will do: the most the
 * bet can win, and its liability, the exposure the ledger takes for it (the worst case over its
 * outcomes). A back risks the stake and a lay what the back would win, except on a meter line,
 * whose stake is per run of difference (up to `METER_RUNS_CAP` runs each way).
 */
export function preview(gtype: MarketType, side: Side, price: number, stake: number, size = 100, width = 0): { profit: number; liability: number } {
  const stakeMinor = toMinor(stake);
  const bet = payoff({ gtype, side, price, size, width }, stakeMinor);
  const outcomes = bet.atRuns ? candidateRuns(bet.breakpoints).map(bet.atRuns) : [bet.pnlIfWon ?? 0, bet.pnlIfLost ?? 0];
  return { profit: toUnits(Math.max(0, ...outcomes)), liability: toUnits(Math.max(0, -Math.min(...outcomes))) };
}

/**
 * The projected P/L (the spec's liveBook) of runner `sid` of a runner market (match odds,
 * bookmaker, last digit) if the slip's bet were matched: today's book for that runner plus what
 * the bet makes when that runner wins (the selected runner) or loses (every other runner).
 * `null` when the slip holds no priced bet on this market.
 */
export function projectedRunner(slip: SlipState, marketId: number, sid: number, today: number): number | null {
  const { selection, stake } = slip;
  if (!selection || selection.marketId !== marketId || !isRunnerMarket(selection.gtype) || !(stake > 0)) return null;
  const bet = payoff(selection, toMinor(stake));
  const change = selection.sectionId === sid ? bet.pnlIfWon : bet.pnlIfLost;
  return round2(today + toUnits(change ?? 0));
}

type RunRowLike = { run: number; profitLoss: number };

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
  const bet = payoff({ ...selection, width }, toMinor(stake));
  const { atRuns } = bet;
  if (!atRuns) return null;
  const runs = candidateRuns(bet.breakpoints, today.map((row) => row.run));
  return runs.map((run) => ({ run, profitLoss: round2(runAmountAt(today, run) + toUnits(atRuns(run))) }));
}
