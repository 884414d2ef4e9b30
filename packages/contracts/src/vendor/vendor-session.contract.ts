import { z } from 'zod';
import { defineRoute } from '../http.ts';

/** A built-in vendor's own session token, as its browser client holds it. */
export const VendorSession = z.string().min(20).max(200);
/** Money in minor units as a decimal string, as the built-in vendors' APIs carry it. */
export const VendorMinor = z.string().regex(/^(0|[1-9][0-9]{0,18})$/);
/** The client's key for one bet or ticket: the same request id answers the same bet. */
export const VendorRequestId = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** What opening a session answers by default: who plays which game, in which currency, with what balance. */
const OpenedSession = z.object({
  session: z.string(),
  playerId: z.string(),
  gameCode: z.string(),
  currency: z.string(),
  balance: VendorMinor,
});

/**
 * The two session calls every built-in vendor with its own game client answers the same way: open a
 * session from the operator's launch token, and read the player's balance as the operator reports it.
 * A vendor that tells its client more on opening (the house games: the game's limits and the
 * fairness state) names its own `opened` answer.
 */
export function vendorSessionRoutes<N extends string, P extends string, O extends z.ZodType = typeof OpenedSession>(
  name: N,
  prefix: P,
  opened: O = OpenedSession as unknown as O,
) {
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
      value: opened,
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
