import { z } from 'zod';
import { ERROR_CODES } from '../errors.ts';
import { socketJson } from '../realtime/live-channel.contract.ts';
import { VendorSession } from '../vendor/vendor-session.contract.ts';
import { SPORTSBOOK_PREFIX, sportsFixture, FixtureSchema } from './sportsbook-vendor.contract.ts';

/**
 * The sportsbook vendor's live socket (decision 101): the vendor's own endpoint, beside its HTTP API,
 * so it moves with the vendor if the vendor runs as its own process. Open to guests: what it pushes
 * (state of play, prices, suspensions) is public like the book itself; a vendor session added to the
 * watch message also brings nudges when the player's tickets change. No cookie or portal token is
 * involved, so no Origin check is needed to keep another site from reading anything private.
 */
export const SPORTS_SOCKET_PATH = `${SPORTSBOOK_PREFIX}/ws`;

/** Most fixtures one socket watches in lists, and the longest message it may send. */
export const SPORTS_WATCH_MAX = 60;
export const SPORTS_SOCKET_MAX_PAYLOAD = 4096;

const FixtureId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9-]+$/);

/**
 * The client's only message, sent again whenever what it shows changes (it replaces the last one):
 * the fixtures of its lists (their state and main market), the one whose every market is open (its
 * whole page), and optionally its vendor session.
 */
export const SportsWatchSchema = z.object({
  type: z.literal('watch'),
  fixtures: z.array(FixtureId).max(SPORTS_WATCH_MAX),
  detail: FixtureId.nullable().default(null),
  session: VendorSession.optional(),
});
export type SportsWatch = z.input<typeof SportsWatchSchema>;

const FixturePageSchema = sportsFixture.value;

export const SportsLiveEventSchema = z.discriminatedUnion('type', [
  /** The socket is open; a watch message may follow at any time. */
  z.object({ type: z.literal('ready') }),
  /** A watched fixture's state of play or main market changed (sent once right after it is watched). */
  z.object({ type: z.literal('fixture'), fixture: FixtureSchema }),
  /** The detail fixture's page changed: any market's price or suspension, the events, the result. */
  z.object({ type: z.literal('page'), page: FixturePageSchema }),
  /** One of the session's player's tickets was placed, settled, cashed out or adjusted: read them again. */
  z.object({ type: z.literal('tickets') }),
  /** The last message was refused (nothing changed): a bad watch, or a session that has ended. */
  z.object({ type: z.literal('refused'), code: z.enum(ERROR_CODES) }),
]);
export type SportsLiveEvent = z.infer<typeof SportsLiveEventSchema>;

/** The client's watch message, or undefined when it is not one. */
export const readSportsWatch = (text: string) => SportsWatchSchema.safeParse(socketJson(text)).data;
/** A server event, or undefined for anything else. */
export const readSportsLiveEvent = (text: string): SportsLiveEvent | undefined =>
  SportsLiveEventSchema.safeParse(socketJson(text)).data;
