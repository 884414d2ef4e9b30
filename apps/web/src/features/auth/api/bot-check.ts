import { getBotChallenge } from '@portal/contracts/auth/auth.contract.ts';
import { solveChallenge } from 'altcha-lib/v1';
import { call } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { i18n } from '../../../lib/i18n.ts';

/**
 * Decision 006: a fresh ALTCHA proof of work before every password login, registration, SMS request
 * and free play. Each solution is accepted once, so every request solves a new challenge.
 * Returns the base64 JSON the server expects in `bot`.
 */
export async function solveBotCheck(): Promise<string> {
  const challenge = await call(getBotChallenge);
  const { promise } = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber);
  const solution = await promise;
  if (!solution) throw new ApiError('BOT_CHECK_FAILED', i18n.t('errors:BOT_CHECK_FAILED'));
  return btoa(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  );
}
