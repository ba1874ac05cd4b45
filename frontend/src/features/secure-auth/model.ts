// Secure auth display and input rules.

export const CODE_LENGTH = 6;
export const TELEGRAM_ALERT = 'Connection ID generated!';

/** The secret as an authenticator app wants it typed: groups of 4 ("ABCD EFGH …"). */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

/** A code box keeps at most 6 digits. */
export function sanitizeCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);
}
