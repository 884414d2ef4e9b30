import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import type { DbHandle } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedDemo } from '../../db/seed/demo-seed.ts';
import { settingsRepository } from '../site/settings.repository.ts';
import { outboxRepository } from './outbox.repository.ts';
import { outboxService } from './outbox.service.ts';
import { phoneRecipient } from './recipient.ts';
import {
  VERIFICATION_CAP,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  verificationService,
  type VerificationService,
} from './verification.service.ts';
import { verificationStore } from './verification.repository.ts';

let database: DbHandle & { label: string };
let clock: Date;
let codes: VerificationService;
const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
let phoneSeq = 0;
/** A phone nobody else in this file uses, so tests do not trip over each other's throttles. */
const newPhone = () => phoneRecipient('82', `010${String(10_000_000 + ++phoneSeq * 7919).slice(-8)}`);

beforeAll(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database.db);
  await seedDemo(database.db);
  clock = new Date('2026-03-01T09:00:00Z');
  codes = verificationService(
    verificationStore(database.db),
    outboxService(outboxRepository(database.db)),
    settingsRepository(database.db),
    {
      now: () => clock,
    },
  );
});
afterAll(async () => database?.close());

async function lastMessageTo(recipient: string) {
  return database.db
    .selectFrom('outboxMessage')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}
async function lastCodeTo(recipient: string) {
  const { body } = await lastMessageTo(recipient);
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no code in ${body}`);
  return code;
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('issuing and checking a one-time code', () => {
  it('sends a 6-digit code that is valid for 1 minute and accepts it', async () => {
    const phone = newPhone();
    expect(await codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' })).toEqual({
      expiredMinutes: 1,
    });
    const code = await lastCodeTo(phone);
    expect(code).toMatch(/^\d{6}$/);
    await expect(codes.verify({ purpose: 'LOGIN', recipient: phone, code })).resolves.toEqual({
      channel: 'SMS',
      recipient: phone,
    });
  });

  it('accepts a code only once', async () => {
    const phone = newPhone();
    await codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' });
    const code = await lastCodeTo(phone);
    await codes.verify({ purpose: 'LOGIN', recipient: phone, code });
    await expect(codes.verify({ purpose: 'LOGIN', recipient: phone, code })).rejects.toMatchObject({
      code: 'VERIFICATION_CODE_INVALID',
      statusCode: 400,
    });
  });

  it('finds the code whichever way the player spells the phone number', async () => {
    const phone = phoneRecipient('+82', '010-5555-0101');
    expect(phone).toBe('+82 1055550101');
    await codes.issue({ purpose: 'REGISTER', channel: 'SMS', recipient: '+82 010 5555 0101', language: 'en' });
    const code = await lastCodeTo(phone);
    await expect(codes.verify({ purpose: 'REGISTER', recipient: '+82 01055550101', code })).resolves.toMatchObject({
      recipient: '+82 1055550101',
    });
  });

  it('does not let a code of one purpose pass another', async () => {
    const phone = newPhone();
    await codes.issue({ purpose: 'REGISTER', channel: 'SMS', recipient: phone, language: 'ko' });
    const code = await lastCodeTo(phone);
    await expect(codes.verify({ purpose: 'RESET', recipient: phone, code })).rejects.toMatchObject({
      code: 'VERIFICATION_CODE_INVALID',
    });
    await expect(codes.verify({ purpose: 'REGISTER', recipient: phone, code })).resolves.toBeDefined();
  });

  it('refuses a wrong code, counts it, and kills the code at the fifth wrong try', async () => {
    const phone = newPhone();
    await codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' });
    const code = await lastCodeTo(phone);
    for (let i = 1; i < VERIFICATION_CODE_MAX_ATTEMPTS; i++) {
      await expect(codes.verify({ purpose: 'LOGIN', recipient: phone, code: wrong(code) })).rejects.toMatchObject({
        code: 'VERIFICATION_CODE_INVALID',
        statusCode: 400,
      });
    }
    await expect(codes.verify({ purpose: 'LOGIN', recipient: phone, code: wrong(code) })).rejects.toMatchObject({
      code: 'VERIFICATION_CODE_ATTEMPTS',
      statusCode: 429,
    });
    // Dead: even the right code no longer passes.
    await expect(codes.verify({ purpose: 'LOGIN', recipient: phone, code })).rejects.toMatchObject({
      code: 'VERIFICATION_CODE_ATTEMPTS',
    });
    const row = await database.db
      .selectFrom('verificationCode')
      .select(['attempts', 'consumedAt'])
      .where('recipient', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 5, consumedAt: null });
  });

  it('accepts the right code after a few wrong ones', async () => {
    const phone = newPhone();
    await codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' });
    const code = await lastCodeTo(phone);
    for (let i = 0; i < 3; i++)
      await expect(codes.verify({ purpose: 'LOGIN', recipient: phone, code: wrong(code) })).rejects.toThrow();
    await expect(codes.verify({ purpose: 'LOGIN', recipient: phone, code })).resolves.toBeDefined();
  });

  it('refuses an expired code and tells the player to send it again', async () => {
    const phone = newPhone();
    await codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' });
    const code = await lastCodeTo(phone);
    tick(60_000);
    await expect(codes.verify({ purpose: 'LOGIN', recipient: phone, code })).rejects.toMatchObject({
      code: 'VERIFICATION_CODE_EXPIRED',
      statusCode: 400,
      message: expect.stringContaining('send it again'),
    });
  });

  it('still accepts a code one second before it expires', async () => {
    const phone = newPhone();
    await codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' });
    const code = await lastCodeTo(phone);
    tick(59_000);
    await expect(codes.verify({ purpose: 'LOGIN', recipient: phone, code })).resolves.toBeDefined();
  });

  it('answers invalid when no code was ever sent to the number', async () => {
    await expect(codes.verify({ purpose: 'LOGIN', recipient: newPhone(), code: '123456' })).rejects.toMatchObject({
      code: 'VERIFICATION_CODE_INVALID',
    });
  });

  it('lets a new code supersede the previous one', async () => {
    const phone = newPhone();
    await codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' });
    const first = await lastCodeTo(phone);
    tick(2000);
    await codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' });
    const second = await lastCodeTo(phone);
    if (first !== second)
      await expect(codes.verify({ purpose: 'LOGIN', recipient: phone, code: first })).rejects.toMatchObject({
        code: 'VERIFICATION_CODE_INVALID',
      });
    await expect(codes.verify({ purpose: 'LOGIN', recipient: phone, code: second })).resolves.toBeDefined();
  });
});

describe('throttles', () => {
  it('refuses a second code for the same purpose and number within 1 second, and sends after it', async () => {
    const phone = newPhone();
    await codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' });
    tick(999);
    await expect(
      codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' }),
    ).rejects.toMatchObject({ code: 'CODE_RESEND_TOO_SOON', statusCode: 429 });
    // Another flow for the same number is not held up by it.
    await expect(
      codes.issue({ purpose: 'RESET', channel: 'SMS', recipient: phone, language: 'ko' }),
    ).resolves.toBeDefined();
    tick(1);
    await expect(
      codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' }),
    ).resolves.toBeDefined();
  });

  it('refuses the sixth code to one number within 5 minutes and says to retry after 5 minutes', async () => {
    const phone = newPhone();
    const start = clock.getTime();
    for (let i = 0; i < VERIFICATION_CAP.codes; i++) {
      await codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' });
      tick(60_000);
    }
    // The cap counts every purpose: one phone, one SMS bill.
    tick(-60_000 + 1000);
    await expect(
      codes.issue({ purpose: 'RESET', channel: 'SMS', recipient: phone, language: 'ko' }),
    ).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      statusCode: 429,
      message: expect.stringContaining('retry after 5 minutes'),
    });
    const sent = await database.db
      .selectFrom('outboxMessage')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('recipient', '=', phone)
      .executeTakeFirstOrThrow();
    expect(Number(sent.n)).toBe(VERIFICATION_CAP.codes);
    clock = new Date(start + VERIFICATION_CAP.windowMinutes * 60_000);
    await expect(
      codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' }),
    ).resolves.toBeDefined();
  });
});

describe('under concurrency', () => {
  it(`lets exactly one of ten simultaneous checks of the same code pass`, async () => {
    const phone = newPhone();
    await codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' });
    const code = await lastCodeTo(phone);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => codes.verify({ purpose: 'LOGIN', recipient: phone, code })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'VERIFICATION_CODE_INVALID' });
  });

  it('never counts more than five wrong tries, however many arrive at once', async () => {
    const phone = newPhone();
    await codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' });
    const code = await lastCodeTo(phone);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => codes.verify({ purpose: 'LOGIN', recipient: phone, code: wrong(code) })),
    );
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    const row = await database.db
      .selectFrom('verificationCode')
      .select('attempts')
      .where('recipient', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(VERIFICATION_CODE_MAX_ATTEMPTS);
  });

  it('sends one code when the player double-clicks send', async () => {
    const phone = newPhone();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language: 'ko' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'CODE_RESEND_TOO_SOON' });
  });
});

describe('what is stored and sent', () => {
  it('writes the SMS in the player language and never stores the code or its hash in the outbox', async () => {
    const texts: Record<string, string> = {};
    for (const language of ['ko', 'en', 'zh'] as const) {
      const phone = newPhone();
      await codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: phone, language });
      const message = await lastMessageTo(phone);
      const stored = await database.db
        .selectFrom('verificationCode')
        .selectAll()
        .where('recipient', '=', phone)
        .executeTakeFirstOrThrow();
      const code = await lastCodeTo(phone);
      texts[language] = message.body.replace(code, '123456');
      expect(message).toMatchObject({ channel: 'SMS', subject: null, purpose: 'VERIFICATION_LOGIN', status: 'SENT' });
      expect(message.body).not.toContain(stored.codeHash);
      expect(message.body).not.toContain(stored.codeSalt);
      expect(Object.values(stored).map(String)).not.toContain(code);
      expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(texts).toEqual({
      ko: '[Aurora Play] 로그인 인증번호 123456 (1분 이내 입력)',
      en: '[Aurora Play] Login code 123456 (enter within 1 minute)',
      zh: '[Aurora Play] 登录验证码 123456（1分钟内输入）',
    });
  });

  it('sends an e-mail code to the lower-cased address with a subject', async () => {
    await codes.issue({ purpose: 'RESET', channel: 'EMAIL', recipient: '  Player.One@Example.COM ', language: 'en' });
    const message = await lastMessageTo('player.one@example.com');
    expect(message.subject).toBe('[Aurora Play] Your password reset code');
    expect(message.body).toMatch(/^\[Aurora Play\] Password reset code \d{6} \(enter within 1 minute\)\n\n/);
    const code = await lastCodeTo('player.one@example.com');
    await expect(codes.verify({ purpose: 'RESET', recipient: 'PLAYER.ONE@example.com', code })).resolves.toMatchObject({
      channel: 'EMAIL',
    });
  });

  it('refuses a phone number without its dialing code', async () => {
    await expect(
      codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: '01012345678', language: 'ko' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', field: 'mobileNum' });
  });
});
