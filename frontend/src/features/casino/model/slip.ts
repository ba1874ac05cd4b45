// The casino bet slip (spec §4, §5, §9): what a selection holds, when Submit is enabled and what
// the preview shows. Rates are decimal returns per 1 staked, stake included.
import type { Side } from '@/types';

export type CasinoSelection = {
  gtype: string;
  /** The round the item was picked in (roulette keeps a slip into the next round). */
  mid: string;
  sid: number;
  nat: string;
  side: Side;
  /** The rate the cell showed: `b` for back, `l` for lay. */
  rate: number;
  min: number;
  max: number;
  /** On a pick item: the pick, one value per slot. */
  pick?: string[];
};

export type CasinoSlip = { selection: CasinoSelection | null; stake: number; submitting: boolean };

export const EMPTY_SLIP: CasinoSlip = { selection: null, stake: 0, submitting: false };

/**
 * Submit needs a selection, a stake above 0 and no submission in flight (spec §4), and the
 * selected item taking bets now (the game-specific flag: false while the round deals).
 */
export function canSubmit({ selection, stake, submitting }: CasinoSlip, itemOpen: boolean): boolean {
  return selection !== null && Number.isFinite(stake) && stake > 0 && !submitting && itemOpen;
}

/** `a × b / divisor` floored, exactly: stakes times rates can pass 2^53 in minor units. */
function mulDiv(a: number, b: number, divisor: number): number {
  return Number((BigInt(a) * BigInt(b)) / BigInt(divisor));
}

/**
 * What the slip previews, to the minor unit of what the ledger will do (its casino item payoff,
 * ledger/src/betting.rs): a back wins (rate − 1) × stake and risks the stake; a lay (32 Cards)
 * wins the stake and risks (rate − 1) × stake. Amounts are floored to the minor unit like the
 * ledger's; schemas/test-vectors/bet-rules.json (`casino_previews`) holds both to the same answers.
 */
export function preview(side: Side, rate: number, stake: number): { profit: number; liability: number } {
  const stakeMinor = Number.isFinite(stake) && stake > 0 ? Math.round(stake * 100) : 0;
  const rateH = Number.isFinite(rate) ? Math.round(rate * 100) : 0;
  const win = mulDiv(stakeMinor, Math.max(0, rateH - 100), 100) / 100;
  const amount = stakeMinor / 100;
  return side === 'back' ? { profit: win, liability: amount } : { profit: amount, liability: win };
}
