import { LOGIN_GUARD } from '@portal/contracts/limits.ts';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { AppError } from '../../plugins/app-error.ts';
import type { BotChallengeRepository } from './sign-in-protection.repository.ts';

/** ALTCHA proof-of-work bot check: signed challenges, each solution accepted once. */
export function botCheck(
  used: BotChallengeRepository,
  hmacKey: string,
  maxNumber: number,
  now: () => Date = () => new Date(),
) {
  return {
    challenge() {
      return createChallenge({
        hmacKey,
        maxNumber,
        expires: new Date(now().getTime() + LOGIN_GUARD.botChallengeTtlMinutes * 60_000),
      });
    },

    async verify(payload: string | undefined): Promise<void> {
      if (!payload) throw new AppError('BOT_CHECK_REQUIRED', 400, 'Please complete verification first.', 'body.bot');
      let parsed: { signature?: unknown };
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
      } catch {
        throw new AppError('BOT_CHECK_FAILED', 400, 'The verification could not be read.', 'body.bot');
      }
      const ok = await verifySolution(payload, hmacKey, true).catch(() => false);
      if (!ok || typeof parsed.signature !== 'string')
        throw new AppError('BOT_CHECK_FAILED', 400, 'The verification failed, please try again.', 'body.bot');
      const first = await used.markUsed(
        parsed.signature,
        new Date(now().getTime() + LOGIN_GUARD.botChallengeTtlMinutes * 60_000),
      );
      if (!first) throw new AppError('BOT_CHECK_FAILED', 400, 'This verification was already used.', 'body.bot');
    },
  };
}
export type BotCheck = ReturnType<typeof botCheck>;
