// The server's betting rules as the client needs them before it asks (ledger/src/terms.rs:
// `bettable` and `limits`): whether a section takes bets and its stake limits. Both sides are
// checked against one case file, schemas/test-vectors/bet-rules.json (__tests__/bet-rules.test.ts
// here, ledger/tests/client_rules.rs on the server), so they cannot drift apart.
import { AMOUNT_MINOR_MAX, type Market, type Section } from '@/types';

/** The stake limits when neither the section nor the market gives one (the ledger's 1.00 minimum). */
export const STAKE_MIN_FALLBACK = 1;
/** The largest amount the server accepts, in currency units. */
export const STAKE_MAX_FALLBACK = AMOUNT_MINOR_MAX / 100;

/** A market or section status that takes bets: ACTIVE or OPEN, exactly as written. */
export function isBettable(status: string): boolean {
  return status === 'ACTIVE' || status === 'OPEN';
}

/** A section takes bets when its market and itself both do. */
export function isSectionBettable(market: Market, section: Section): boolean {
  return isBettable(market.status) && isBettable(section.gstatus);
}

/** A limit the feed gave: above 0 (0 and negatives mean none). */
function given(limit: number): number | undefined {
  return limit > 0 ? limit : undefined;
}

/**
 * Spec §5: match types take the market's min if above 0 else minb, likewise max; other types the
 * section's limit if above 0 else the market's. With neither, the server's fallbacks.
 */
export function stakeLimits(market: Market, section: Section): { min: number; max: number } {
  const matchType = market.gtype === 'match' || market.gtype === 'match1';
  const min = matchType ? (given(market.min) ?? given(market.minb)) : (given(section.min) ?? given(market.min));
  const max = matchType ? (given(market.max) ?? given(market.maxb)) : (given(section.max) ?? given(market.max));
  return { min: min ?? STAKE_MIN_FALLBACK, max: max ?? STAKE_MAX_FALLBACK };
}

/** The limits every section of a market shares (the table header's Min/Max), or null when they differ. */
export function sharedStakeLimits(market: Market): { min: number; max: number } | null {
  const [first, ...rest] = market.section.map((section) => stakeLimits(market, section));
  if (!first) return null;
  return rest.every((limits) => limits.min === first.min && limits.max === first.max) ? first : null;
}
