/**
 * Encrypted payloads (spec §7: login, change password, set password by phone), beside TLS: a JWE
 * (RFC 7516) in compact form, RSA-OAEP-256 key wrapping and A256GCM content encryption, made with
 * `jose`, which runs in the browser and in Node alike. The protected header (algorithms and `kid`)
 * is authenticated with the content, so neither can be swapped without the decryption failing.
 */
import { CompactEncrypt, compactDecrypt, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import type { EncryptedPayload } from './auth.contract.ts';

export const PAYLOAD_JWE = { alg: 'RSA-OAEP-256', enc: 'A256GCM' } as const;

const RSA = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

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

/** The RSA key for jose: the key material only, whatever usages WebCrypto wrote into the stored JWK. */
function joseKey(jwk: JsonWebKey) {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { key_ops, ext, alg, use, ...material } = jwk as JsonWebKey & { use?: string };
  return importJWK(material as JWK, PAYLOAD_JWE.alg);
}

export async function encryptPayload(publicJwk: JsonWebKey, kid: string, payload: unknown): Promise<EncryptedPayload> {
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ ...PAYLOAD_JWE, kid })
    .encrypt(await joseKey(publicJwk));
  return { jwe };
}

/** The key id a payload was made for (from its protected header), or undefined when unreadable. */
export function payloadKeyId(envelope: EncryptedPayload): string | undefined {
  try {
    return decodeProtectedHeader(envelope.jwe).kid;
  } catch {
    return undefined;
  }
}

/** Returns the parsed JSON, or throws when the payload was not made for this key or was altered. */
export async function decryptPayload(privateJwk: JsonWebKey, envelope: EncryptedPayload): Promise<unknown> {
  const { plaintext } = await compactDecrypt(envelope.jwe, await joseKey(privateJwk), {
    keyManagementAlgorithms: [PAYLOAD_JWE.alg],
    contentEncryptionAlgorithms: [PAYLOAD_JWE.enc],
  });
  return JSON.parse(new TextDecoder().decode(plaintext));
}
