import fs from 'node:fs';
import path from 'node:path';
import { hexToBytes } from '@noble/ciphers/utils.js';
import { openText, sealText } from '../payload-crypto';

type Vectors = { key_hex: string; cases: Array<{ nonce_hex: string; plaintext: string; payload: string }> };

// The server's test vectors (docs/api.md); both sides must produce the same Payload strings.
const VECTORS_FILE = path.resolve(__dirname, '../../../../schemas/test-vectors/payload.json');

describe('payload crypto', () => {
  const key = hexToBytes('11'.repeat(32));

  it('round-trips JSON text with a random nonce', () => {
    const text = JSON.stringify({ hello: 'wörld', n: 1 });
    const sealed = sealText(text, key);
    expect(openText(sealed, key)).toBe(text);
    expect(sealText(text, key)).not.toBe(sealed);
  });

  it('rejects a tampered payload and a wrong key', () => {
    const sealed = sealText('{"a":1}', key);
    const bytes = Buffer.from(sealed, 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => openText(bytes.toString('base64'), key)).toThrow();
    expect(() => openText(sealed, hexToBytes('22'.repeat(32)))).toThrow();
    expect(() => openText('AAAA', key)).toThrow();
  });

  it('matches the shared test vectors', () => {
    const { key_hex, cases } = JSON.parse(fs.readFileSync(VECTORS_FILE, 'utf8')) as Vectors;
    expect(cases.length).toBeGreaterThan(0);
    const vectorKey = hexToBytes(key_hex);
    for (const testCase of cases) {
      expect(sealText(testCase.plaintext, vectorKey, hexToBytes(testCase.nonce_hex))).toBe(testCase.payload);
      expect(openText(testCase.payload, vectorKey)).toBe(testCase.plaintext);
    }
  });
});
