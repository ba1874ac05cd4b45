import { describe, expect, it } from 'vitest';
import { pageNonce } from '../style-nonce';

function page(meta: string): Document {
  return new DOMParser().parseFromString(`<html><head>${meta}</head><body></body></html>`, 'text/html');
}

describe('style nonce', () => {
  it('reads the nonce the server wrote into the page', () => {
    expect(pageNonce(page('<meta name="csp-nonce" content="r4nd0m">'))).toBe('r4nd0m');
  });

  it('uses none when the page was not served by the server', () => {
    expect(pageNonce(page('<meta name="csp-nonce" content="__CSP_NONCE__">'))).toBeUndefined();
    expect(pageNonce(page(''))).toBeUndefined();
  });
});
