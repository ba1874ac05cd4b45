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

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * A back wins (rate − 1) × stake and risks the stake; a lay (32 Cards) wins the stake and risks
 * (rate − 1) × stake.
 */
export function preview(side: Side, rate: number, stake: number): { profit: number; liability: number } {
  const amount = Number.isFinite(stake) && stake > 0 ? stake : 0;
  const backWin = Math.max(0, round2((rate - 1) * amount));
  return side === 'back' ? { profit: backWin, liability: round2(amount) } : { profit: round2(amount), liability: backWin };
}
