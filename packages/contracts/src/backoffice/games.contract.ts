import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { GAME_CATEGORIES } from '../limits.ts';
import { RoundSchema } from './players.contract.ts';
import { PageQuery, staff } from './staff.contract.ts';

const VendorId = z.string().trim().toUpperCase().min(1).max(32);
const NodeId = z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id');
const Sort = z.number().int().min(0).max(1_000_000);

export const BoVendorSchema = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(['SEAMLESS', 'TRANSFER']),
  status: z.enum(['LIVE', 'COMING', 'MAINTENANCE']),
  enabled: z.boolean(),
  sort: z.number().int(),
  categories: z.array(z.string()),
  operatorId: z.string(),
  games: z.number().int(),
});
export type BoVendor = z.infer<typeof BoVendorSchema>;

export const BoGameSchema = z.object({
  nodeId: z.string(),
  vendorId: z.string(),
  gameCode: z.string(),
  name: z.string(),
  gameType: z.string(),
  status: z.enum(['LIVE', 'MAINTENANCE', 'HIDDEN']),
  enabled: z.boolean(),
  isHot: z.boolean(),
  hotSort: z.number().int(),
  sort: z.number().int(),
});
export type BoGame = z.infer<typeof BoGameSchema>;

export const boListVendors = defineRoute({
  operationId: 'boListVendors',
  method: 'GET',
  path: '/api/bo/games/vendors',
  summary: 'Back office: every vendor with its switches, lobby categories and number of games.',
  tags: ['backoffice'],
  audience: staff('games.read'),
  value: z.object({ vendors: z.array(BoVendorSchema), categories: z.array(z.string()) }),
});

export const boListGames = defineRoute({
  operationId: 'boListGames',
  method: 'GET',
  path: '/api/bo/games',
  summary: "Back office: the catalogue's games (hidden ones included), by vendor and name, in the lobby's order.",
  tags: ['backoffice'],
  audience: staff('games.read'),
  query: PageQuery.extend({ vendorId: VendorId.optional(), q: z.string().trim().max(64).optional() }),
  value: z.object({ games: z.array(BoGameSchema), total: z.number().int() }),
});

export const boSetVendor = defineRoute({
  operationId: 'boSetVendor',
  method: 'POST',
  path: '/api/bo/games/vendors/set',
  summary:
    "Back office: a vendor's switches — on or off, maintenance, order, lobby categories; the lobby follows at once.",
  tags: ['backoffice'],
  audience: staff('games.manage'),
  body: z.object({
    vendorId: VendorId,
    enabled: z.boolean().optional(),
    maintenance: z.boolean().optional(),
    sort: Sort.optional(),
    categories: z.array(z.enum(GAME_CATEGORIES)).max(GAME_CATEGORIES.length).optional(),
  }),
  value: BoVendorSchema,
});

export const boSetGame = defineRoute({
  operationId: 'boSetGame',
  method: 'POST',
  path: '/api/bo/games/set',
  summary: "Back office: a game's switches — on or off, maintenance, order, hot flag and hot order.",
  tags: ['backoffice'],
  audience: staff('games.manage'),
  body: z.object({
    nodeId: NodeId,
    enabled: z.boolean().optional(),
    maintenance: z.boolean().optional(),
    sort: Sort.optional(),
    isHot: z.boolean().optional(),
    hotSort: Sort.optional(),
  }),
  value: BoGameSchema,
});

export const boRotateVendorSecret = defineRoute({
  operationId: 'boRotateVendorSecret',
  method: 'POST',
  path: '/api/bo/games/vendors/rotate-secret',
  summary: 'Back office: a new signing secret for a vendor, shown once; the old one stops at once.',
  tags: ['backoffice'],
  audience: staff('games.secret'),
  body: z.object({ vendorId: VendorId }),
  value: z.object({ vendorId: z.string(), operatorId: z.string(), secret: z.string() }),
});

export const boLookUpRound = defineRoute({
  operationId: 'boLookUpRound',
  method: 'GET',
  path: '/api/bo/games/rounds',
  summary: 'Back office: a game round by its round id or by one of its transaction ids, with every transaction.',
  tags: ['backoffice'],
  audience: staff('games.read'),
  query: z.object({ id: z.string().trim().min(1).max(128) }),
  value: z.object({
    rounds: z.array(RoundSchema),
    transactions: z.array(
      z.object({
        vendorId: z.string(),
        transactionId: z.string(),
        action: z.string(),
        roundId: z.string().nullable(),
        referenceId: z.string().nullable(),
        amount: z.string(),
        currency: z.string().nullable(),
        memberAccount: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  }),
});
