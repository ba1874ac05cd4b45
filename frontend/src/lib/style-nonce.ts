// The server's Content-Security-Policy allows only styles that carry its per-page nonce; it
// writes that nonce into index.html (`<meta name="csp-nonce">`). MUI's emotion adds every style
// element with it (`styleCache`), and notistack's goober reads it from `window.__nonce__`, which
// `install-nonce.ts` sets before any other module runs. Without a server (webpack dev server)
// the placeholder stays and no nonce is used.
import createCache, { type EmotionCache } from '@emotion/cache';

const PLACEHOLDER = '__CSP_NONCE__';

export function pageNonce(doc: Document = document): string | undefined {
  const nonce = doc.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? '';
  return nonce && nonce !== PLACEHOLDER ? nonce : undefined;
}

export function styleCache(doc: Document = document): EmotionCache {
  return createCache({ key: 'css', nonce: pageNonce(doc), prepend: true });
}
