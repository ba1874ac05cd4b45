// Imported first by main.tsx: goober (notistack's styles) gives its style element the nonce in
// `window.__nonce__` when it first creates it, which can happen while other modules load.
import { pageNonce } from './style-nonce';

declare global {
  interface Window {
    __nonce__?: string;
  }
}

window.__nonce__ = pageNonce();
