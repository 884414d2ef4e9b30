import type { EncryptedPayload } from '@portal/contracts/auth/auth.contract.ts';
import { decryptPayload, payloadKeyId } from '@portal/contracts/auth/payload-cipher.ts';
import type { z } from 'zod';
import { AppError } from '../../plugins/app-error.ts';
import { invalidCharacters, nulPath } from '../../plugins/text-input.ts';
import type { AuthSecrets } from './secrets.ts';

/**
 * Opens an encrypted request body (spec §7: login, change password, set password by phone) and
 * validates what is inside with the call's inner schema. The route schema only saw the envelope, so
 * this is the edge where the real input is checked; errors name the inner field as `body.<field>`.
 */
export async function openEncryptedBody<S extends z.ZodType>(
  key: AuthSecrets['payloadKey'],
  body: EncryptedPayload,
  schema: S,
): Promise<z.output<S>> {
  // A page loaded before the key rotated encrypts for the old key: reloading fetches the new one.
  if (payloadKeyId(body) !== key.kid)
    throw new AppError('PAYLOAD_DECRYPTION_FAILED', 400, 'The page is out of date, please reload it.');
  let plain: unknown;
  try {
    plain = await decryptPayload(key.privateJwk, body);
  } catch {
    throw new AppError('PAYLOAD_DECRYPTION_FAILED', 400, 'The request could not be decrypted.');
  }
  const nul = nulPath(plain);
  if (nul !== null) throw invalidCharacters('body', nul);
  const parsed = schema.safeParse(plain);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = `body.${issue?.path.join('.') ?? ''}`;
    throw new AppError('VALIDATION_FAILED', 400, `${field}: ${issue?.message ?? 'invalid'}`, field);
  }
  return parsed.data;
}
