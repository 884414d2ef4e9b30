import { getPayloadKey } from '@portal/contracts/auth/auth.contract.ts';
import type { encryptPayload } from '@portal/contracts/auth/payload-cipher.ts';
import type { QueryClient } from '@tanstack/react-query';
import { call } from './api-client.ts';
import { isApiError } from './api-error.ts';

/** The site's public key for encrypted payloads (decision 018), fetched once per page. */
export const PAYLOAD_KEY_QUERY = ['auth', 'payload-key'] as const;

/**
 * Sends `payload` as a compact JWE for the server's public key (spec §7's encrypted calls: login,
 * passwords, points redeem and convert); a rotated key is fetched again and the call retried once.
 */
export async function sealed<T>(
  qc: QueryClient,
  payload: unknown,
  send: (body: Awaited<ReturnType<typeof encryptPayload>>) => Promise<T>,
) {
  const key = () =>
    qc.fetchQuery({ queryKey: PAYLOAD_KEY_QUERY, queryFn: () => call(getPayloadKey), staleTime: Infinity });
  const attempt = async () => {
    // The JWE library loads with the first sealed call, not with every page (decision 040).
    const [k, cipher] = await Promise.all([key(), import('@portal/contracts/auth/payload-cipher.ts')]);
    return send(await cipher.encryptPayload(k.jwk as JsonWebKey, k.kid, payload));
  };
  try {
    return await attempt();
  } catch (error) {
    if (!isApiError(error) || error.code !== 'PAYLOAD_DECRYPTION_FAILED') throw error;
    qc.removeQueries({ queryKey: PAYLOAD_KEY_QUERY });
    return attempt();
  }
}
