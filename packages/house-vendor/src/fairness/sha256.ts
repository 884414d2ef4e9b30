import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex as nobleBytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * SHA-256 and HMAC-SHA256 from @noble/hashes (audited, dependency-free, synchronous).
 *
 * Why not node:crypto or WebCrypto: the same outcome code must run on the server and in the
 * browser's verify view. node:crypto does not exist in the browser, and WebCrypto's `subtle` is
 * asynchronous and only exposed in secure contexts (not on a plain-http LAN address), which would
 * make every game an async generator. A synchronous hash keeps the games pure functions; the tests
 * pin these functions to node:crypto on known vectors and random inputs. Text is hashed as UTF-8.
 */

const bytes = (message: Uint8Array | string): Uint8Array =>
  typeof message === 'string' ? utf8ToBytes(message) : message;

export function bytesToHex(bytes: Uint8Array): string {
  return nobleBytesToHex(bytes);
}

export function sha256(message: Uint8Array | string): Uint8Array {
  return nobleSha256(bytes(message));
}

export function sha256Hex(message: Uint8Array | string): string {
  return nobleBytesToHex(sha256(message));
}

export type KeyedHmac = (message: Uint8Array | string) => Uint8Array;

/**
 * An HMAC-SHA256 bound to one key: the key's pads are hashed once, and each message starts from a
 * copy of that state (a round draws several blocks with the same server seed).
 */
export function createHmacSha256(key: Uint8Array | string): KeyedHmac {
  const keyed = hmac.create(nobleSha256, bytes(key));
  return (message) => keyed.clone().update(bytes(message)).digest();
}

export function hmacSha256(key: Uint8Array | string, message: Uint8Array | string): Uint8Array {
  return hmac(nobleSha256, bytes(key), bytes(message));
}
