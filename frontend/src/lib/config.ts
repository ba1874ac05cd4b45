// Client configuration: where the two API bases and the socket live, and fixed contacts.
// Both bases are same-origin paths by default so the server can serve everything on one port.

export const API_BASE = '/api';
export const DATA_BASE = '/data';

export function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws`;
}

/** Support contacts shown on the login page and footer (spec: {phone} and a chat-app link). */
export const SUPPORT_PHONE = '+91 98765 43210';
export const SUPPORT_CHAT_URL = 'https://wa.me/919876543210';

/** Spec §9 timing constants. */
export const USER_POLL_INTERVAL_MS = 1000;
export const USER_POLL_FAILURES_MAX = 5;
/** The account statement's rows per request (the server's most) and requests per list at most. */
export const STATEMENT_PAGE_ROWS = 500;
export const STATEMENT_PAGES_MAX = 20;
