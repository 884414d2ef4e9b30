import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { GAME_CATEGORIES } from '../limits.ts';

export const GameCategorySchema = z.enum(GAME_CATEGORIES);

export const VendorCardSchema = z.object({
  vendorId: z.string(),
  name: z.string(),
  logoUrl: z.string(),
  gameType: GameCategorySchema,
  /** VASSALAGE: a vendor with its own game list. */
  isGame: z.literal('VASSALAGE'),
  /** LIVE: playable; COMING: listed, games not yet offered; MAINTENANCE: switched off for now. */
  status: z.enum(['LIVE', 'COMING', 'MAINTENANCE']),
});
export type VendorCard = z.infer<typeof VendorCardSchema>;

export const VendorLaneSchema = z.object({ title: GameCategorySchema, cards: z.array(VendorCardSchema) });
export type VendorLane = z.infer<typeof VendorLaneSchema>;

export const getGameVendors = defineRoute({
  operationId: 'getGameVendors',
  method: 'GET',
  path: '/api/games/vendors',
  summary: 'Vendors grouped in lanes by game category.',
  tags: ['games'],
  audience: 'guest',
  query: z.object({ platform: z.string().max(40).default('html5-desktop') }),
  value: z.object({ lanes: z.array(VendorLaneSchema) }),
});
