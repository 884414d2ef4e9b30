import { z } from 'zod';

/**
 * The live channel (`/ws`): the only messages that cross it, typed once for the server and the web.
 * The client's first and only message says who it is (the token never goes into the URL, where logs
 * would keep it); after that the channel is server → client only.
 */
export const LIVE_CHANNEL_PATH = '/ws';

/** Close codes the web reads: after either it does not reconnect. */
export const LIVE_CLOSE = { notSignedIn: 4401, passwordChange: 4403 } as const;

/** Longest member token the channel reads. */
export const LIVE_TOKEN_MAX = 200;

export const LiveAuthMessageSchema = z.object({
  type: z.literal('auth'),
  token: z.string().min(1).max(LIVE_TOKEN_MAX),
});
export type LiveAuthMessage = z.infer<typeof LiveAuthMessageSchema>;

export const LiveCountersSchema = z.object({
  /** Approved withdrawals waiting for the player's confirmation. */
  withdrawalsToConfirm: z.number().int().nonnegative().optional(),
  /** The player's deposits still pending. */
  depositsPending: z.number().int().nonnegative().optional(),
  messages: z.number().int().nonnegative().optional(),
  missions: z.number().int().nonnegative().optional(),
  rewards: z.number().int().nonnegative().optional(),
});
export type LiveCounters = z.infer<typeof LiveCountersSchema>;

export const LiveEventSchema = z.discriminatedUnion('type', [
  /** The channel accepted the token; events follow. */
  z.object({ type: z.literal('ready') }),
  /** A balance of the member changed in the ledger (minor units as a decimal string). */
  z.object({ type: z.literal('balance'), kind: z.string(), currency: z.string(), balance: z.string() }),
  /** The member's badge counters, right after `ready` and whenever one may have changed. */
  LiveCountersSchema.extend({ type: z.literal('counters') }),
  /**
   * Something the member can claim, or has claimed, changed (a reward became claimable or was claimed,
   * a mission was completed or claimed, staff changed a promotion or mission): read the reward centre
   * and its red counters again.
   */
  z.object({ type: z.literal('rewards') }),
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/** A socket message's JSON, or undefined when it is not JSON (each socket's readers check it with their schema). */
export const socketJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The client's auth message, or undefined for anything else (the server then closes the socket). */
export const readLiveAuth = (text: string): LiveAuthMessage | undefined =>
  LiveAuthMessageSchema.safeParse(socketJson(text)).data;

/** A server event, or undefined for anything the client does not know (it ignores it). */
export const readLiveEvent = (text: string): LiveEvent | undefined => LiveEventSchema.safeParse(socketJson(text)).data;
