import { createHash, randomBytes } from 'node:crypto';
import { SITE_CURRENCY, TRIAL_CREDIT, TRIAL_TYPE, VENDOR } from '@portal/contracts/limits.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { LaunchMode } from './vendor-adapter.ts';
import type { VendorRegistry } from './vendor-registry.ts';
import type { SeamlessRepository } from './seamless.repository.ts';

export const hashGameToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface IssueSessionInput {
  memberId: string;
  /** Member type: a trial account (TRIAL_TYPE) may only play on trial credit. */
  memberType: number;
  vendorId: string;
  gameCode: string;
  /** The game's category (RNG, MINI, LIVE, FISH…), recorded on every bet and win. */
  gameType: string;
  mode: LaunchMode;
  /** Tests and the conformance suite make sessions that are already expired. */
  ttlMinutes?: number;
}

export interface IssuedSession {
  token: string;
  sessionId: string;
  currency: string;
  trial: boolean;
  expiresAt: Date;
}

/**
 * Game session tokens: issued by the operator at launch and handed to the vendor, which names the
 * player and the wallet by it in every seamless call. Only the hash is stored. Real play debits the
 * main wallet in the site currency; demo play debits trial credit, which never mixes with real money.
 */
export function gameSessionService(repo: SeamlessRepository, vendors: VendorRegistry) {
  return {
    async issue(input: IssueSessionInput): Promise<IssuedSession> {
      const vendor = await vendors.get(input.vendorId);
      if (!vendor || vendor.status === 'COMING')
        throw new AppError('NOT_FOUND', 404, 'This game is not available.', 'vendorId');
      if (vendor.status === 'MAINTENANCE')
        throw new AppError('GAME_MAINTENANCE', 503, 'The game is under maintenance.');
      const trial = input.mode === 'demo';
      if (!trial && input.memberType === TRIAL_TYPE)
        throw new AppError('TRIAL_NOT_ALLOWED', 403, 'Please register an account first.');
      const currency = trial ? TRIAL_CREDIT.currency : SITE_CURRENCY;
      if (!vendor.currencies.includes(currency))
        throw new AppError('GAME_MAINTENANCE', 503, 'This game cannot be played in this currency now.');
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + (input.ttlMinutes ?? VENDOR.gameSessionMinutes) * 60_000);
      const sessionId = await repo.insertSession({
        tokenHash: hashGameToken(token),
        memberId: input.memberId,
        vendorId: vendor.id,
        gameCode: input.gameCode,
        gameType: input.gameType,
        currency,
        trial,
        expiresAt,
      });
      return { token, sessionId, currency, trial, expiresAt };
    },
  };
}
export type GameSessionService = ReturnType<typeof gameSessionService>;
