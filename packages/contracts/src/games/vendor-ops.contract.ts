import { z } from 'zod';
import { defineRoute } from '../http.ts';

/**
 * Operator controls over game vendors and games (X-Operator-Key; `npm run ops -- vendor …`,
 * `npm run ops -- game …`). Maintenance takes effect at the next launch: a vendor or game under
 * maintenance answers GAME_MAINTENANCE (spec §5 "game maintenance").
 */
const VendorId = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/)
  .transform((s) => s.toUpperCase());
const GameCode = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[A-Za-z0-9_.-]+$/);

export const setVendorMaintenance = defineRoute({
  operationId: 'setVendorMaintenance',
  method: 'PUT',
  path: '/api/ops/vendors/maintenance',
  summary: "Put a live vendor under maintenance, or back live. Its games' launches answer GAME_MAINTENANCE meanwhile.",
  tags: ['ops'],
  audience: 'operator',
  body: z.object({ vendorId: VendorId, maintenance: z.boolean() }),
  value: z.object({ vendorId: z.string(), status: z.enum(['LIVE', 'MAINTENANCE']), changed: z.boolean() }),
});

export const setGameMaintenance = defineRoute({
  operationId: 'setGameMaintenance',
  method: 'PUT',
  path: '/api/ops/games/maintenance',
  summary: 'Put one game (by its game code, and vendor when two vendors use the code) under maintenance, or back live.',
  tags: ['ops'],
  audience: 'operator',
  body: z.object({ gameCode: GameCode, vendorId: VendorId.optional(), maintenance: z.boolean() }),
  value: z.object({
    vendorId: z.string(),
    gameCode: z.string(),
    nodeId: z.number().int(),
    status: z.enum(['LIVE', 'MAINTENANCE']),
    changed: z.boolean(),
  }),
});

export const rotateVendorSecret = defineRoute({
  operationId: 'rotateVendorSecret',
  method: 'POST',
  path: '/api/ops/vendors/rotate-secret',
  summary:
    "Replace a vendor's signing secret. Calls signed with the old one are refused from now on; the new one is shown once, to give to the vendor.",
  tags: ['ops'],
  audience: 'operator',
  body: z.object({ vendorId: VendorId }),
  value: z.object({ vendorId: z.string(), operatorId: z.string(), secret: z.string() }),
});
