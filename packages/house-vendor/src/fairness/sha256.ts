/**
 * SHA-256 and HMAC-SHA256 in plain TypeScript (FIPS 180-4, RFC 2104).
 *
 * Why not node:crypto or WebCrypto: the same outcome code must run on the server and in the
 * browser's verify view. node:crypto does not exist in the browser, and WebCrypto's `subtle` is
 * asynchronous and only exposed in secure contexts (not on a plain-http LAN address), which would
 * make every game an async generator. A synchronous hash keeps the games pure functions; the tests
 * pin this implementation to node:crypto on known vectors and random inputs.
 */

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const INITIAL_STATE = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

const BLOCK_BYTES = 64;
const DIGEST_BYTES = 32;

/**
 * Scratch buffers. Hashing is synchronous and never re-entrant (HMAC finishes the inner hash before
 * it starts the outer one), so one set is enough; reusing them keeps a million-round simulation
 * from allocating per block.
 */
const schedule = new Uint32Array(64);
const working = new Uint32Array(8);
const tail = new Uint8Array(BLOCK_BYTES * 2);

function compress(state: Uint32Array, block: Uint8Array, offset: number): void {
  const w = schedule;
  for (let i = 0; i < 16; i++) {
    const j = offset + i * 4;
    w[i] = (block[j]! << 24) | (block[j + 1]! << 16) | (block[j + 2]! << 8) | block[j + 3]!;
  }
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15]!;
    const y = w[i - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = w[i - 16]! + s0 + w[i - 7]! + s1;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[i]! + w[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  // Uint32Array stores modulo 2^32, which is the addition SHA-256 asks for.
  state[0] = state[0]! + a;
  state[1] = state[1]! + b;
  state[2] = state[2]! + c;
  state[3] = state[3]! + d;
  state[4] = state[4]! + e;
  state[5] = state[5]! + f;
  state[6] = state[6]! + g;
  state[7] = state[7]! + h;
}

/**
 * Hashes `message` starting from `initial`, a state that has already absorbed `prefixBytes` bytes
 * (HMAC starts from the state after its 64-byte key pad, so a simulation of many rounds on one
 * server seed does not hash the pads again for every round).
 */
function finish(initial: Uint32Array, prefixBytes: number, message: Uint8Array): Uint8Array {
  const state = working;
  state.set(initial);
  const whole = message.length - (message.length % BLOCK_BYTES);
  for (let offset = 0; offset < whole; offset += BLOCK_BYTES) compress(state, message, offset);

  const rest = message.length - whole;
  const tailLength = rest < 56 ? BLOCK_BYTES : BLOCK_BYTES * 2;
  tail.fill(0);
  tail.set(message.subarray(whole));
  tail[rest] = 0x80;
  const bitLength = (prefixBytes + message.length) * 8;
  const high = Math.floor(bitLength / 2 ** 32);
  for (let i = 0; i < 4; i++) {
    tail[tailLength - 8 + i] = (high >>> (24 - i * 8)) & 0xff;
    tail[tailLength - 4 + i] = (bitLength >>> (24 - i * 8)) & 0xff;
  }
  for (let offset = 0; offset < tailLength; offset += BLOCK_BYTES) compress(state, tail, offset);

  const digest = new Uint8Array(DIGEST_BYTES);
  for (let i = 0; i < 8; i++) {
    const word = state[i]!;
    digest[i * 4] = word >>> 24;
    digest[i * 4 + 1] = word >>> 16;
    digest[i * 4 + 2] = word >>> 8;
    digest[i * 4 + 3] = word;
  }
  return digest;
}

const textEncoder = new TextEncoder();

export function utf8Bytes(text: string): Uint8Array {
  return textEncoder.encode(text);
}

export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

function asBytes(input: Uint8Array | string): Uint8Array {
  return typeof input === 'string' ? utf8Bytes(input) : input;
}

export function sha256(message: Uint8Array | string): Uint8Array {
  return finish(Uint32Array.from(INITIAL_STATE), 0, asBytes(message));
}

export function sha256Hex(message: Uint8Array | string): string {
  return bytesToHex(sha256(message));
}

/** A keyed HMAC-SHA256: the key pads are absorbed once, then each message costs two short hashes. */
export type KeyedHmac = (message: Uint8Array | string) => Uint8Array;

export function createHmacSha256(key: Uint8Array | string): KeyedHmac {
  let keyBytes = asBytes(key);
  if (keyBytes.length > BLOCK_BYTES) keyBytes = sha256(keyBytes);
  const inner = new Uint8Array(BLOCK_BYTES).fill(0x36);
  const outer = new Uint8Array(BLOCK_BYTES).fill(0x5c);
  keyBytes.forEach((byte, i) => {
    inner[i] = inner[i]! ^ byte;
    outer[i] = outer[i]! ^ byte;
  });
  const innerState = Uint32Array.from(INITIAL_STATE);
  compress(innerState, inner, 0);
  const outerState = Uint32Array.from(INITIAL_STATE);
  compress(outerState, outer, 0);
  return (message) => finish(outerState, BLOCK_BYTES, finish(innerState, BLOCK_BYTES, asBytes(message)));
}

export function hmacSha256(key: Uint8Array | string, message: Uint8Array | string): Uint8Array {
  return createHmacSha256(key)(message);
}
