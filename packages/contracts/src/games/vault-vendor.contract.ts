import { z } from 'zod';
import { defineRoute } from '../http.ts';

/**
 * Vault Gaming's own API (the demo transfer-mode vendor, mounted in-process on its own prefix). Its
 * game page calls it with the vendor session the launch opened; it plays only against the player's
 * wallet at Vault, which the player fills and empties through the operator's transfer calls
 * (decision 016). Money is minor units as decimal strings.
 */
export const VAULT_PREFIX = '/vendor/vault';
export const VAULT_GAME_CODES = ['vault-heist', 'vault-poker'] as const;
export type VaultGameCode = (typeof VAULT_GAME_CODES)[number];

/** Vault's table limits and pay tables (RTP: heist 3 safes × 2.85 = 95 %, high card 12/26 × 1.9 + 1/13 ≈ 95.4 %). */
export const VAULT_RULES = {
  minBet: 100n,
  maxBet: 1_000_000n,
  safes: 3,
  heistPayoutPercent: 285n,
  highCardPayoutPercent: 190n,
  /** Rounds per address per minute: far above a person clicking, low enough to stop a loop. */
  playsPerMinute: 240,
} as const;

const Session = z.string().min(20).max(200);
const Minor = z.string().regex(/^(0|[1-9][0-9]{0,18})$/);

export const VaultRoundSchema = z.object({
  roundId: z.string(),
  gameCode: z.enum(VAULT_GAME_CODES),
  bet: Minor,
  payout: Minor,
  /** heist: the safe picked and the one that held the gold; poker: both cards (0–51, rank = card % 13). */
  outcome: z.union([
    z.object({ kind: z.literal('heist'), picked: z.number().int(), gold: z.number().int() }),
    z.object({ kind: z.literal('high-card'), player: z.number().int(), dealer: z.number().int() }),
  ]),
  balanceAfter: Minor,
  createdAt: z.string(),
});
export type VaultRound = z.infer<typeof VaultRoundSchema>;

export const VaultTableSchema = z.object({
  gameCode: z.enum(VAULT_GAME_CODES),
  currency: z.string(),
  /** The player's wallet at Vault: what the operator moved in, plus wins, minus bets. */
  balance: Minor,
  minBet: Minor,
  maxBet: Minor,
  recent: z.array(VaultRoundSchema),
});
export type VaultTable = z.infer<typeof VaultTableSchema>;

export const vaultTable = defineRoute({
  operationId: 'vaultTable',
  method: 'POST',
  path: `${VAULT_PREFIX}/api/table`,
  summary: "Vault Gaming: the player's Vault balance, table limits and latest rounds for the launched game.",
  tags: ['vault-vendor'],
  audience: 'guest',
  body: z.object({ session: Session }),
  value: VaultTableSchema,
});

export const vaultPlay = defineRoute({
  operationId: 'vaultPlay',
  method: 'POST',
  path: `${VAULT_PREFIX}/api/play`,
  summary: "Vault Gaming: plays one round against the player's Vault wallet, once per requestId.",
  tags: ['vault-vendor'],
  audience: 'guest',
  rateLimit: { perMinute: VAULT_RULES.playsPerMinute },
  body: z.object({
    session: Session,
    requestId: z
      .string()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/),
    bet: Minor,
    /** heist: the safe to crack (0–2); ignored by the high-card table. */
    pick: z.number().int().min(0).max(2).optional(),
  }),
  value: z.object({ round: VaultRoundSchema, balance: Minor }),
});
