// An operator's amount as typed: whole units with at most two decimals, up to the server's
// 1,000,000,000. Anything else is refused here rather than rounded by the browser's numbers (a
// typed 100.129 must not go out as 100.13).
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
const AMOUNT_MAX = 1_000_000_000;

/** The amount to send, or null when the text is not a positive amount of at most two decimals. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 && value <= AMOUNT_MAX ? value : null;
}
