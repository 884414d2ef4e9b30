/**
 * Encrypted payloads (spec §7: login, change password, set password by phone), beside TLS: the
 * browser makes a fresh AES-256-GCM key, encrypts the JSON with it, and wraps the key with the
 * server's RSA-OAEP (SHA-256) public key. WebCrypto only, so browser and server share this file.
 */
import type { EncryptedPayload } from './auth.contract.ts';

const RSA = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

const b64 = (bytes: ArrayBuffer | Uint8Array) => {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let s = '';
  for (const b of u8) s += String.fromCharCode(b);
  return btoa(s);
};
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export async function generatePayloadKeyPair(): Promise<{ publicJwk: JsonWebKey; privateJwk: JsonWebKey }> {
  const pair = await crypto.subtle.generateKey(
    { ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['wrapKey', 'unwrapKey'],
  );
  return {
    publicJwk: await crypto.subtle.exportKey('jwk', pair.publicKey),
    privateJwk: await crypto.subtle.exportKey('jwk', pair.privateKey),
  };
}

export async function encryptPayload(publicJwk: JsonWebKey, kid: string, payload: unknown): Promise<EncryptedPayload> {
  const wrapping = await crypto.subtle.importKey('jwk', publicJwk, RSA, false, ['wrapKey']);
  const aes = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    aes,
    new TextEncoder().encode(JSON.stringify(payload)),
  );
  const key = await crypto.subtle.wrapKey('raw', aes, wrapping, RSA);
  return { kid, key: b64(key), iv: b64(iv), data: b64(data) };
}

/** Returns the parsed JSON, or throws when the envelope was not made for this key or was altered. */
export async function decryptPayload(privateJwk: JsonWebKey, envelope: EncryptedPayload): Promise<unknown> {
  const unwrapping = await crypto.subtle.importKey('jwk', privateJwk, RSA, false, ['unwrapKey']);
  const aes = await crypto.subtle.unwrapKey('raw', unb64(envelope.key), unwrapping, RSA, { name: 'AES-GCM' }, false, [
    'decrypt',
  ]);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(envelope.iv) }, aes, unb64(envelope.data));
  return JSON.parse(new TextDecoder().decode(plain));
}
