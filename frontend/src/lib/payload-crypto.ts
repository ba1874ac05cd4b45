// The spec's `Payload` scheme (docs/api.md): base64 of nonce (12 bytes) ‖ ChaCha20-Poly1305
// ciphertext+tag of the UTF-8 JSON, no associated data. The key is the installation's: the server
// writes it into the page it serves (`<meta name="payload-key">`), so one client build serves
// any installation.
import { chacha20poly1305 } from '@noble/ciphers/chacha.js';
import { bytesToUtf8, hexToBytes, randomBytes, utf8ToBytes } from '@noble/ciphers/utils.js';

const NONCE_LEN = 12;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 1) binary += String.fromCharCode(bytes[i] as number);
  return btoa(binary);
}

export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

const KEY_PLACEHOLDER = '__PAYLOAD_KEY__';

let defaultKey: Uint8Array | null = null;

/** The key of the page the server served; tests set their own with `setPayloadKey`. */
function payloadKey(): Uint8Array {
  if (defaultKey) return defaultKey;
  const hex = document.querySelector('meta[name="payload-key"]')?.getAttribute('content') ?? '';
  if (!/^[0-9a-f]{64}$/i.test(hex) || hex === KEY_PLACEHOLDER) {
    throw new Error('The page carries no payload key: open the site through its server');
  }
  defaultKey = hexToBytes(hex);
  return defaultKey;
}

export function setPayloadKey(hex: string): void {
  defaultKey = hexToBytes(hex);
}

/** Encrypts a plaintext string; `nonce` is only passed by tests replaying the vectors. */
export function sealText(plaintext: string, key = payloadKey(), nonce = randomBytes(NONCE_LEN)): string {
  const sealed = chacha20poly1305(key, nonce).encrypt(utf8ToBytes(plaintext));
  const out = new Uint8Array(NONCE_LEN + sealed.length);
  out.set(nonce, 0);
  out.set(sealed, NONCE_LEN);
  return bytesToBase64(out);
}

/** Decrypts a Payload string; throws when the tag does not verify. */
export function openText(payload: string, key = payloadKey()): string {
  const bytes = base64ToBytes(payload);
  if (bytes.length < NONCE_LEN + 16) throw new Error('Payload too short');
  const nonce = bytes.subarray(0, NONCE_LEN);
  return bytesToUtf8(chacha20poly1305(key, nonce).decrypt(bytes.subarray(NONCE_LEN)));
}

export function encryptPayload(value: unknown): { Payload: string } {
  return { Payload: sealText(JSON.stringify(value)) };
}

export function decryptPayload<T>(payload: string): T {
  return JSON.parse(openText(payload)) as T;
}
