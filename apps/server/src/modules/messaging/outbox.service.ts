import type { MessageChannel, OutboxMessage } from '@portal/contracts/messaging/messaging.contract.ts';
import type { ScheduledTask } from '../../jobs/job-queue.ts';
import type { MessageTransports } from './message-transports.ts';
import { OUTBOX_RETRY, type OutboxRepository } from './outbox.repository.ts';

export { OUTBOX_RETRY };

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
 * Every SMS and e-mail is written to the outbox first, then handed to the channel's transport.
 *
 * `enqueue` is what request handlers use: it writes the row and delivers it in the background, so a
 * slow or failing gateway never makes the request slower or different, and a caller cannot tell a
 * real account (a message went out) from an unknown one (nothing did) by the answer or its time. A
 * failed delivery is recorded on the row and retried by `retryDue` (the `outbox-retry` job) with a
 * doubling delay, up to OUTBOX_RETRY.maxAttempts tries.
 *
 * `send` delivers before it returns (tools and tests that want the outcome).
 */
export function outboxService(
  repo: OutboxRepository,
  transports: MessageTransports = {},
  opts: { now?: () => Date } = {},
) {
  const now = opts.now ?? (() => new Date());
  const inFlight = new Set<Promise<unknown>>();

  const transportOf = (channel: MessageChannel) => (channel === 'SMS' ? transports.sms : transports.email);

  /** Writes the row; without an outside transport the row itself is the delivery (the dev page reads it). */
  async function write(input: SendInput): Promise<{ id: string; queued: boolean }> {
    const transport = transportOf(input.channel);
    const at = now();
    const id = await repo.insert({
      channel: input.channel,
      recipient: input.recipient,
      subject: input.subject ?? null,
      body: input.body,
      purpose: input.purpose,
      transport: transport?.name ?? 'OUTBOX',
      status: transport ? 'PENDING' : 'SENT',
      sentAt: transport ? null : at,
      nextAttemptAt: transport ? at : null,
    });
    return { id, queued: transport !== undefined };
  }

  /** One try of a row, if it is due and no one else holds it. Undefined when there was nothing to try. */
  async function deliver(id: string, at: Date = now()): Promise<SendResult | undefined> {
    const row = await repo.claim(id, at);
    if (!row) return undefined;
    const transport = transportOf(row.channel);
    if (!transport) {
      await repo.markSent(id, false, now());
      return { id, status: 'SENT', transport: 'OUTBOX' };
    }
    try {
      await transport.deliver({ recipient: row.recipient, subject: row.subject, body: row.body });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      await repo.markFailed(id, error, row.attempts, now());
      return { id, status: 'FAILED', transport: transport.name, error };
    }
    await repo.markSent(id, true, now());
    return { id, status: 'SENT', transport: transport.name };
  }

  function inBackground(id: string) {
    const p: Promise<unknown> = deliver(id)
      .catch(() => undefined) // the row stays due: the retry job tries it again
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  return {
    /** Writes the message and delivers it after the caller's answer; never waits on the gateway. */
    async enqueue(input: SendInput): Promise<{ id: string }> {
      const { id, queued } = await write(input);
      if (queued) setImmediate(() => inBackground(id));
      return { id };
    },

    /** Writes and delivers now, answering the outcome (recorded on the row either way, never thrown). */
    async send(input: SendInput): Promise<SendResult> {
      const { id, queued } = await write(input);
      if (!queued) return { id, status: 'SENT', transport: 'OUTBOX' };
      return (await deliver(id))!;
    },

    /** Tries every row whose (re)try is due; the `outbox-retry` job runs it. */
    async retryDue(at: Date = now(), limit = 50): Promise<{ tried: number; sent: number }> {
      const ids = await repo.dueIds(at, limit);
      let sent = 0;
      for (const id of ids) if ((await deliver(id, at))?.status === 'SENT') sent++;
      return { tried: ids.length, sent };
    },

    /** Resolves when the background deliveries started so far have finished (app shutdown, tests). */
    async idle(): Promise<void> {
      await new Promise((r) => setImmediate(r));
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    /** Newest first. */
    async list(filter: { channel?: MessageChannel | undefined; limit: number }): Promise<OutboxMessage[]> {
      const rows = await repo.list(filter);
      return rows.map((r) => ({
        ...r,
        createdAt: new Date(r.createdAt).toISOString(),
        sentAt: r.sentAt ? new Date(r.sentAt).toISOString() : null,
      }));
    },
  };
}
export type OutboxService = ReturnType<typeof outboxService>;

/** Retries failed and stranded deliveries every minute on the job queue. */
export const outboxRetryTask = (outbox: OutboxService): ScheduledTask => ({
  name: 'outbox-retry',
  everyMs: 60_000,
  run: ({ now }) => outbox.retryDue(now),
});
