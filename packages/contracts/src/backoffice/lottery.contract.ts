import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { DrawId, DrawStatusSchema, GameCode, LotteryDrawSchema } from '../lottery/lottery-vendor.contract.ts';
import { staff } from './staff.contract.ts';

/** The back office's lottery screen (issue 19, decision 091): draws, their exposure, cancellation. */
export const BoLotteryDrawSchema = LotteryDrawSchema.extend({
  /** Tickets bought (open and settled), their stakes and the draw's possible payout (minor units). */
  tickets: z.number().int(),
  stakes: z.string(),
  liability: z.string(),
  cancelledBy: z.string().nullable(),
});
export type BoLotteryDraw = z.infer<typeof BoLotteryDrawSchema>;

export const BoLotteryLimitsSchema = z.object({
  gameCode: z.string(),
  minStake: z.string(),
  maxStake: z.string(),
  maxPayout: z.string(),
  maxSelectionLiability: z.string(),
  maxDrawPayout: z.string(),
});
export type BoLotteryLimits = z.infer<typeof BoLotteryLimitsSchema>;

export const boLotteryDraws = defineRoute({
  operationId: 'boLotteryDraws',
  method: 'GET',
  path: '/api/bo/lottery/draws',
  summary: "Back office: the lottery's draws, newest first, with status, tickets, stakes and possible payout.",
  tags: ['backoffice'],
  audience: staff('games.read'),
  query: z.object({
    gameCode: GameCode.optional(),
    status: DrawStatusSchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  value: z.object({ draws: z.array(BoLotteryDrawSchema), limits: z.array(BoLotteryLimitsSchema) }),
});

export const boCancelLotteryDraw = defineRoute({
  operationId: 'boCancelLotteryDraw',
  method: 'POST',
  path: '/api/bo/lottery/draws/cancel',
  summary: 'Back office: cancels a draw before its result; every ticket is refunded once. Audited with the reason.',
  tags: ['backoffice'],
  audience: staff('games.manage'),
  body: z.object({
    drawId: DrawId,
    reason: z.string().trim().min(3).max(300),
  }),
  value: z.object({ draw: BoLotteryDrawSchema, refunded: z.number().int() }),
});
