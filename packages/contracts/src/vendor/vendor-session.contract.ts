import { z } from 'zod';
import { defineRoute } from '../http.ts';

/** A built-in vendor's own session token, as its browser client holds it. */
export const VendorSession = z.string().min(20).max(200);
/** Money in minor units as a decimal string, as the built-in vendors' APIs carry it. */
export const VendorMinor = z.string().regex(/^(0|[1-9][0-9]{0,18})$/);

/**
 * The two session calls every built-in vendor with its own game client answers the same way: open a
 * session from the operator's launch token, and read the player's balance as the operator reports it.
 */
export function vendorSessionRoutes<N extends string, P extends string>(name: N, prefix: P) {
  const tags = [`${name}-vendor`];
  return {
    openSession: defineRoute({
      operationId: `${name}OpenSession` as const,
      method: 'POST',
      path: `${prefix}/api/session` as const,
      summary: "Opens a vendor session from the operator's launch token (checked with the operator's authenticate).",
      tags,
      audience: 'guest',
      body: z.object({ launchToken: z.string().min(16).max(256) }),
      value: z.object({
        session: z.string(),
        playerId: z.string(),
        gameCode: z.string(),
        currency: z.string(),
        balance: VendorMinor,
      }),
    }),
    balance: defineRoute({
      operationId: `${name}Balance` as const,
      method: 'GET',
      path: `${prefix}/api/balance` as const,
      summary: "The player's balance, as the operator reports it.",
      tags,
      audience: 'guest',
      query: z.object({ session: VendorSession }),
      value: z.object({ balance: VendorMinor, currency: z.string() }),
    }),
  };
}
