import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@portal/contracts/limits.ts';
import type { MessageChannel, VerificationPurpose } from '@portal/contracts/messaging/messaging.contract.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { SettingsRepository } from '../site/settings.repository.ts';
import type { OutboxService } from './outbox.service.ts';
import { channelOf, normalizeRecipient } from './recipient.ts';
import type { MessageLanguage } from './message-texts.ts';
import { verificationMessage } from './verification-message.ts';
import type { VerificationStore } from './verification.repository.ts';

/** Spec §9: a code lives expiredMinutes (default 1); the web's countdown is this × 60 s. */
export const VERIFICATION_CODE_EXPIRED_MINUTES = LIMITS.smsDefaultExpiredMinutes;
export const VERIFICATION_CODE_DIGITS = 6;
/** Wrong guesses a code survives; at this count it is dead and a new one must be sent. */
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
/** Spec §9: resend throttle 1 s, per purpose and recipient. */
export const VERIFICATION_RESEND_THROTTLE_MS = LIMITS.smsResendThrottleMs;
/**
 * At most this many codes per recipient (all purposes) in a rolling window. The window equals the
 * spec's retry hint (§8 "retry after 5 minutes") so that hint is always true: five minutes after a
 * refusal every counted code has left the window. A player who waits out each 60 s countdown sends at
 * most 5 in 5 minutes, so only a faster sender is refused.
 */
export const VERIFICATION_CAP = { codes: 5, windowMinutes: LIMITS.smsRetryHintMinutes } as const;
/** Used only when the white-label setting has no site name. */
const FALLBACK_BRAND = 'Aurora Play';
const MINUTE_MS = 60_000;

export interface IssueInput {
  purpose: VerificationPurpose;
  channel: MessageChannel;
  /** `+82 1012345678` (see `phoneRecipient`) or an e-mail address; normalized again here. */
  recipient: string;
  language: MessageLanguage;
  /**
   * False: the code row is written (so the resend throttle and the cap count this request) but no
   * message leaves. For numbers with no account, so that a caller gets the same answers, throttled
   * ones included, whether or not the number is registered; nobody learns the code, so it never works.
   */
  deliver?: boolean;
}

export interface VerifyInput {
  purpose: VerificationPurpose;
  recipient: string;
  code: string;
}

function hashCode(salt: string, code: string): Buffer {
  return createHmac('sha256', Buffer.from(salt, 'hex')).update(code, 'utf8').digest();
}

/**
 * One-time codes sent by SMS or e-mail. Stored as HMAC-SHA256 with a per-row salt, never in plain;
 * the newest code per (purpose, recipient) is the only one that counts.
 */
export function verificationService(
  store: VerificationStore,
  outbox: OutboxService,
  settings: SettingsRepository,
  opts: { now?: () => Date } = {},
) {
  const now = opts.now ?? (() => new Date());
  const repo = store.repo;

  return {
    async issue(input: IssueInput): Promise<{ expiredMinutes: number }> {
      const recipient = normalizeRecipient(input.channel, input.recipient);
      const at = now();
      const code = String(randomInt(0, 10 ** VERIFICATION_CODE_DIGITS)).padStart(VERIFICATION_CODE_DIGITS, '0');
      const salt = randomBytes(16).toString('hex');

      await store.transaction(async (tx) => {
        await tx.lockRecipient(recipient);
        const latest = await tx.latestFor(input.purpose, recipient);
        if (latest && at.getTime() - new Date(latest.createdAt).getTime() < VERIFICATION_RESEND_THROTTLE_MS)
          throw new AppError('CODE_RESEND_TOO_SOON', 429, 'A code was just sent, please wait a moment.');
        const since = new Date(at.getTime() - VERIFICATION_CAP.windowMinutes * MINUTE_MS);
        if ((await tx.countIssuedSince(recipient, since)) >= VERIFICATION_CAP.codes)
          throw new AppError(
            'TOO_MANY_REQUESTS',
            429,
            `Too many requests, please retry after ${LIMITS.smsRetryHintMinutes} minutes.`,
          );
        await tx.insert({
          purpose: input.purpose,
          channel: input.channel,
          recipient,
          codeSalt: salt,
          codeHash: hashCode(salt, code).toString('hex'),
          maxAttempts: VERIFICATION_CODE_MAX_ATTEMPTS,
          expiresAt: new Date(at.getTime() + VERIFICATION_CODE_EXPIRED_MINUTES * MINUTE_MS),
          createdAt: at,
        });
      });

      // Written after the commit and delivered in the background (outbox): a slow or failing gateway
      // neither holds the recipient lock nor shows in the answer. The message text is made either way,
      // so a request that sends nothing costs about the same.
      const text = verificationMessage({
        language: input.language,
        purpose: input.purpose,
        channel: input.channel,
        brand: (await settings.get('whitelabel'))?.siteName || FALLBACK_BRAND,
        code,
        minutes: VERIFICATION_CODE_EXPIRED_MINUTES,
      });
      if (input.deliver !== false)
        await outbox.enqueue({
          channel: input.channel,
          recipient,
          subject: text.subject,
          body: text.body,
          purpose: `VERIFICATION_${input.purpose}`,
        });
      return { expiredMinutes: VERIFICATION_CODE_EXPIRED_MINUTES };
    },

    /**
     * Consumes the code on success (single use, also under concurrent calls). Wrong codes count
     * against the code; the attempt that reaches the maximum already answers ATTEMPTS.
     */
    async verify(input: VerifyInput): Promise<{ channel: MessageChannel; recipient: string }> {
      const recipient = normalizeRecipient(channelOf(input.recipient), input.recipient);
      const at = now();
      const row = await repo.latestFor(input.purpose, recipient);
      const invalid = () => new AppError('VERIFICATION_CODE_INVALID', 400, 'Invalid or missing verification code.');
      const dead = () =>
        new AppError('VERIFICATION_CODE_ATTEMPTS', 429, 'Too many wrong codes, please send a new code.');

      if (!row || row.consumedAt) throw invalid();
      if (row.attempts >= row.maxAttempts) throw dead();
      if (new Date(row.expiresAt).getTime() <= at.getTime())
        throw new AppError('VERIFICATION_CODE_EXPIRED', 400, 'The code has expired, please send it again.');

      const given = hashCode(row.codeSalt, input.code.trim());
      if (!timingSafeEqual(given, Buffer.from(row.codeHash, 'hex'))) {
        const attempts = await repo.recordWrongAttempt(row.id);
        if (attempts !== undefined && attempts >= row.maxAttempts) throw dead();
        throw invalid();
      }
      if (!(await repo.consume(row.id, at))) throw invalid();
      return { channel: row.channel, recipient };
    },
  };
}
export type VerificationService = ReturnType<typeof verificationService>;
