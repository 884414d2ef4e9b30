import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { VendorMinor, VendorRequestId, VendorSession, vendorSessionRoutes } from '../vendor/vendor-session.contract.ts';

/**
 * The house vendor's own API, which its game clients call (DESIGN.md §1: the built-in vendor, mounted
 * in-process on its own prefix). It is not the portal's API: it knows players only by the vendor
 * session opened from the operator's launch token, and it is paid and charged only through the
 * operator's signed seamless-wallet calls. Money is minor units as decimal strings.
 */
export const HOUSE_PREFIX = '/vendor/house';

const Session = VendorSession;
const RequestId = VendorRequestId;
const Minor = VendorMinor;

export const FairnessStateSchema = z.object({
  /** sha256(serverSeed), committed before any bet on it. */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next round will use. */
  nonce: z.number().int(),
});
export type FairnessState = z.infer<typeof FairnessStateSchema>;

export const HouseRoundSchema = z.object({
  roundId: z.string(),
  gameCode: z.string(),
  bet: Minor,
  payout: Minor,
  currency: z.string(),
  /**
   * OPEN: a mines round still being played; PENDING: the operator's answer was lost and the round is
   * being settled again; SETTLED: paid; VOID: the bet was refused or rolled back.
   */
  status: z.enum(['OPEN', 'PENDING', 'SETTLED', 'VOID']),
  /** What the player chose (stake, target, mines, picks…), exactly as replayRound takes it. */
  params: z.unknown(),
  /** The engine's outcome with bigints as decimal strings; null while a mines round is open. */
  outcome: z.unknown().nullable(),
  serverSeedHash: z.string(),
  /** Revealed once the player rotated past this seed; null while it is still in use. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  createdAt: z.string(),
});
export type HouseRound = z.infer<typeof HouseRoundSchema>;

export const HouseGameInfoSchema = z.object({
  code: z.string(),
  category: z.string(),
  rtpBasisPoints: z.number().int(),
  minBet: Minor,
  maxBet: Minor,
});

const sessionRoutes = vendorSessionRoutes(
  'house',
  HOUSE_PREFIX,
  z.object({
    session: z.string(),
    playerId: z.string(),
    game: HouseGameInfoSchema,
    currency: z.string(),
    demo: z.boolean(),
    balance: Minor,
    fairness: FairnessStateSchema,
  }),
);
export const houseOpenSession = sessionRoutes.openSession;
export const houseBalance = sessionRoutes.balance;

export const housePlay = defineRoute({
  operationId: 'housePlay',
  method: 'POST',
  path: `${HOUSE_PREFIX}/api/play`,
  summary:
    'Plays one round: bet through the operator, outcome from the committed seeds, win through the operator. The same requestId answers the same round.',
  tags: ['house-vendor'],
  audience: 'guest',
  body: z.object({ session: Session, requestId: RequestId, params: z.record(z.string(), z.unknown()) }),
  value: z.object({ round: HouseRoundSchema, balance: Minor }),
});

export const houseMinesStart = defineRoute({
  operationId: 'houseMinesStart',
  method: 'POST',
  path: `${HOUSE_PREFIX}/api/mines/start`,
  summary: 'Stakes a mines round; the layout is fixed by the seeds before the first pick.',
  tags: ['house-vendor'],
  audience: 'guest',
  body: z.object({
    session: Session,
    requestId: RequestId,
    bet: Minor,
    mines: z.number().int().min(1).max(24),
  }),
  value: z.object({ round: HouseRoundSchema, balance: Minor }),
});

export const houseMinesPick = defineRoute({
  operationId: 'houseMinesPick',
  method: 'POST',
  path: `${HOUSE_PREFIX}/api/mines/pick`,
  summary: 'Opens one tile of an open mines round; a mine ends the round.',
  tags: ['house-vendor'],
  audience: 'guest',
  body: z.object({ session: Session, roundId: z.string().max(64), tile: z.number().int().min(0).max(24) }),
  value: z.object({
    round: HouseRoundSchema,
    safe: z.boolean(),
    /** The cash-out multiplier now, in basis points; 0 after a mine. */
    multiplierBasisPoints: z.number().int(),
    balance: Minor,
  }),
});

export const houseMinesCashout = defineRoute({
  operationId: 'houseMinesCashout',
  method: 'POST',
  path: `${HOUSE_PREFIX}/api/mines/cashout`,
  summary: 'Ends an open mines round after at least one safe pick and pays it through the operator.',
  tags: ['house-vendor'],
  audience: 'guest',
  body: z.object({ session: Session, roundId: z.string().max(64) }),
  value: z.object({ round: HouseRoundSchema, balance: Minor }),
});

export const houseFairness = defineRoute({
  operationId: 'houseFairness',
  method: 'GET',
  path: `${HOUSE_PREFIX}/api/fairness`,
  summary: "The player's committed server seed hash, client seed and next nonce.",
  tags: ['house-vendor'],
  audience: 'guest',
  query: z.object({ session: Session }),
  value: FairnessStateSchema,
});

export const houseRotateSeed = defineRoute({
  operationId: 'houseRotateSeed',
  method: 'POST',
  path: `${HOUSE_PREFIX}/api/fairness/rotate`,
  summary: 'Reveals the current server seed and commits a new one, with the client seed the player chose.',
  tags: ['house-vendor'],
  audience: 'guest',
  body: z.object({
    session: Session,
    clientSeed: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces'),
  }),
  value: z.object({
    revealed: z.object({
      serverSeed: z.string(),
      serverSeedHash: z.string(),
      clientSeed: z.string(),
      nonce: z.number(),
    }),
    next: FairnessStateSchema,
  }),
});

export const houseRounds = defineRoute({
  operationId: 'houseRounds',
  method: 'GET',
  path: `${HOUSE_PREFIX}/api/rounds`,
  summary: "The player's latest rounds of this game, newest first, with seeds revealed where rotated.",
  tags: ['house-vendor'],
  audience: 'guest',
  query: z.object({ session: Session, limit: z.coerce.number().int().min(1).max(50).default(20) }),
  value: z.object({ rounds: z.array(HouseRoundSchema) }),
});
