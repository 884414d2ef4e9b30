import { randomBytes } from 'node:crypto';
import { generatePayloadKeyPair } from '@portal/contracts/auth/payload-cipher.ts';
import type { SettingsRepository } from '../site/settings.repository.ts';

export interface AuthSecrets {
  botHmacKey: string;
  payloadKey: { kid: string; publicJwk: JsonWebKey; privateJwk: JsonWebKey };
}

/**
 * Secrets made once per site and kept in the database, so every instance shares them. Insert-if-absent
 * then read: two instances starting together agree on one value.
 */
export async function ensureAuthSecrets(settings: SettingsRepository): Promise<AuthSecrets> {
  const pair = await generatePayloadKeyPair();
  return {
    botHmacKey: await settings.ensure('secret.bot_hmac', randomBytes(32).toString('base64url')),
    payloadKey: await settings.ensure('secret.payload_key', { kid: `k${Date.now().toString(36)}`, ...pair }),
  };
}
