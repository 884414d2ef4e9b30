import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { SettingsRepository } from '../site/settings.repository.ts';
import { transportsFromEnv } from './message-transports.ts';
import { outboxRepository } from './outbox.repository.ts';
import { outboxService } from './outbox.service.ts';
import { verificationStore } from './verification.repository.ts';
import { verificationService } from './verification.service.ts';

/** The outbox with the transports the environment configures, and the one-time codes that use it. */
export function messagingServices(
  db: Db,
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'SMS_GATEWAY_URL' | 'SMS_GATEWAY_TOKEN'>,
  settings: SettingsRepository,
  now?: () => Date,
) {
  const clock = now ? { now } : {};
  const outbox = outboxService(outboxRepository(db), transportsFromEnv(env), clock);
  return { outbox, verification: verificationService(verificationStore(db), outbox, settings, clock) };
}
export type MessagingServices = ReturnType<typeof messagingServices>;
