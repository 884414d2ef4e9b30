import type { MessageChannel, OutboxMessage } from '@portal/contracts/messaging/messaging.contract.ts';
import type { Db } from '../../db/client.ts';
import type { MessageTransports } from './message-transports.ts';
import { outboxRepository } from './outbox.repository.ts';

export interface SendInput {
  channel: MessageChannel;
  recipient: string;
  subject?: string | null | undefined;
  body: string;
  /** Why it was sent (`VERIFICATION_LOGIN`, `PASSWORD_RESET`, …): for the developer page and support. */
  purpose: string;
}

export type SendResult =
  | { id: string; status: 'SENT'; transport: OutboxMessage['transport'] }
  | { id: string; status: 'FAILED'; transport: OutboxMessage['transport']; error: string };

/**
 * Every SMS and e-mail is written to the outbox first, then handed to the channel's transport. A
 * failed delivery is recorded on the row and returned, never thrown: only the caller knows which
 * error the player should see (a verification code that did not leave is SMS_SEND_FAILED; a
 * notification may be fine to drop).
 */
export function outboxService(db: Db, transports: MessageTransports = {}, opts: { now?: () => Date } = {}) {
  const repo = outboxRepository(db);
  const now = opts.now ?? (() => new Date());

  return {
    async send(input: SendInput): Promise<SendResult> {
      const transport = input.channel === 'SMS' ? transports.sms : transports.email;
      const id = await repo.insert({
        channel: input.channel,
        recipient: input.recipient,
        subject: input.subject ?? null,
        body: input.body,
        purpose: input.purpose,
        transport: transport?.name ?? 'OUTBOX',
        status: 'PENDING',
      });
      if (!transport) {
        await repo.markSent(id, false, now());
        return { id, status: 'SENT', transport: 'OUTBOX' };
      }
      try {
        await transport.deliver({ recipient: input.recipient, subject: input.subject ?? null, body: input.body });
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await repo.markFailed(id, error);
        return { id, status: 'FAILED', transport: transport.name, error };
      }
      await repo.markSent(id, true, now());
      return { id, status: 'SENT', transport: transport.name };
    },

    /** Newest first. */
    async list(filter: { channel?: MessageChannel | undefined; limit: number }): Promise<OutboxMessage[]> {
      const rows = await repo.list(filter);
      return rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        recipient: r.recipient,
        subject: r.subject,
        body: r.body,
        purpose: r.purpose,
        status: r.status,
        transport: r.transport,
        attempts: r.attempts,
        lastError: r.lastError,
        createdAt: new Date(r.createdAt).toISOString(),
        sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
      }));
    },
  };
}
export type OutboxService = ReturnType<typeof outboxService>;
