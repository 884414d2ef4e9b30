import { createHash, randomBytes } from 'node:crypto';
import { LOGIN_GUARD } from '@portal/contracts/limits.ts';
import { AppError } from '../../plugins/app-error.ts';
import { captchaImage } from './captcha-image.ts';
import type { CaptchaRepository } from './sign-in-protection.repository.ts';

const answerHash = (id: string, text: string) =>
  createHash('sha256').update(`${id}:${text.trim().toLowerCase()}`).digest('hex');

/** Image captchas shown after a failed login: single use, short-lived, answers kept hashed. */
export function captchaService(repo: CaptchaRepository, now: () => Date = () => new Date()) {
  return {
    async create(): Promise<{ captchaId: string; image: string; text: string }> {
      const c = captchaImage();
      const captchaId = randomBytes(16).toString('base64url');
      await repo.insert({
        id: captchaId,
        answerHash: answerHash(captchaId, c.text),
        expiresAt: new Date(now().getTime() + LOGIN_GUARD.captchaTtlMinutes * 60_000),
      });
      return { captchaId, image: c.image, text: c.text };
    },

    /** Consumes the captcha whatever the answer: a wrong guess needs a new image. */
    async verify(captchaId: string | undefined, answer: string | undefined): Promise<void> {
      if (!captchaId || !answer)
        throw new AppError('CAPTCHA_REQUIRED', 400, 'Please enter the captcha.', 'body.captcha', { captcha: true });
      const stored = await repo.consume(captchaId, now());
      if (stored !== answerHash(captchaId, answer))
        throw new AppError('CAPTCHA_INVALID', 400, 'The captcha is wrong, please try a new one.', 'body.captcha', {
          captcha: true,
        });
    },
  };
}
export type CaptchaService = ReturnType<typeof captchaService>;
