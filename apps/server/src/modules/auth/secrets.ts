import { randomBytes } from 'node:crypto';
import { generatePayloadKeyPair } from '@portal/contracts/auth/payload-cipher.ts';
import type { Db } from '../../db/client.ts';

export interface AuthSecrets {
  botHmacKey: string;
  payloadKey: { kid: string; publicJwk: JsonWebKey; privateJwk: JsonWebKey };
}

/**
 * Secrets made once per site and kept in the database, so every instance shares them. Insert-if-absent
 * then read: two instances starting together agree on one value.
 */
export async function ensureAuthSecrets(db: Db): Promise<AuthSecrets> {
  const pair = await generatePayloadKeyPair();
  const candidates = {
    'secret.bot_hmac': randomBytes(32).toString('base64url'),
    'secret.payload_key': { kid: `k${Date.now().toString(36)}`, ...pair },
  };
  await db
    .insertInto('siteSetting')
    .values(Object.entries(candidates).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const rows = await db
    .selectFrom('siteSetting')
    .select(['key', 'value'])
    .where('key', 'in', Object.keys(candidates))
    .execute();
  const get = (k: string) => rows.find((r) => r.key === k)?.value;
  return {
    botHmacKey: get('secret.bot_hmac') as string,
    payloadKey: get('secret.payload_key') as AuthSecrets['payloadKey'],
  };
}
