/**
 * Customer-service links are stored and sent encrypted: base64url(iv ‖ AES-GCM ciphertext) followed
 * by an 8-character suffix that is the key material (spec §7). This hides the link from scrapers
 * and casual reading of the page source; it is obfuscation, not secrecy (the key travels with it).
 * WebCrypto only, so the same code runs in Node and in the browser.
 */
const SUFFIX_LENGTH = 8;
const IV_LENGTH = 12;

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function keyFrom(suffix: string): Promise<CryptoKey> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(suffix));
  return crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function encryptCustomerServiceUrl(url: string, suffix?: string): Promise<string> {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const key8 =
    suffix ??
    Array.from(crypto.getRandomValues(new Uint8Array(SUFFIX_LENGTH)), (b) => alphabet[b % alphabet.length]).join('');
  if (key8.length !== SUFFIX_LENGTH) throw new Error(`suffix must be ${SUFFIX_LENGTH} characters`);
  const iv = crypto.getRandomValues(new Uint8Array(IV_LENGTH));
  const cipher = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await keyFrom(key8), new TextEncoder().encode(url)),
  );
  const out = new Uint8Array(iv.length + cipher.length);
  out.set(iv);
  out.set(cipher, iv.length);
  return toBase64Url(out) + key8;
}

/** Returns the plain URL, or null when the text is not a valid encrypted link. */
export async function decryptCustomerServiceUrl(stored: string): Promise<string | null> {
  if (stored.length <= SUFFIX_LENGTH + IV_LENGTH) return null;
  const suffix = stored.slice(-SUFFIX_LENGTH);
  try {
    const bytes = fromBase64Url(stored.slice(0, -SUFFIX_LENGTH));
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, IV_LENGTH) },
      await keyFrom(suffix),
      bytes.slice(IV_LENGTH),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
