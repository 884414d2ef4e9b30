import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import { loadEnv } from '../../config/env.ts';
import type { DbHandle } from '../../db/client.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { settingsRepository } from '../site/settings.repository.ts';
import { httpSmsGateway, transportsFromEnv } from './message-transports.ts';
import { outboxRepository } from './outbox.repository.ts';
import { OUTBOX_RETRY, outboxService } from './outbox.service.ts';
import { verificationStore } from './verification.repository.ts';
import { verificationService } from './verification.service.ts';

let database: DbHandle & { label: string };
beforeAll(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database.db);
});
afterAll(async () => database?.close());

const rowOf = (id: string) =>
  database.db.selectFrom('outboxMessage').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

interface Received {
  method: string | undefined;
  url: string | undefined;
  authorization: string | undefined;
  body: unknown;
}

/** A stand-in SMS gateway on a free local port. `answer` decides the status (or never answers). */
async function fakeGateway(answer: (req: IncomingMessage) => number | 'hang') {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      received.push({
        method: req.method,
        url: req.url,
        authorization: req.headers.authorization,
        body: raw ? JSON.parse(raw) : null,
      });
      const status = answer(req);
      if (status === 'hang') return;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send`;
  return {
    url,
    received,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** The smallest SMTP server nodemailer will talk to: accepts everything, keeps each DATA section. */
async function smtpSink() {
  const mails: string[] = [];
  const server: TcpServer = createTcpServer((sock) => {
    sock.setEncoding('utf8');
    sock.write('220 sink ESMTP\r\n');
    let buf = '';
    let inData = false;
    sock.on('data', (chunk: string) => {
      buf += chunk;
      for (;;) {
        if (inData) {
          const end = buf.indexOf('\r\n.\r\n');
          if (end < 0) return;
          mails.push(buf.slice(0, end));
          buf = buf.slice(end + 5);
          inData = false;
          sock.write('250 queued\r\n');
          continue;
        }
        const nl = buf.indexOf('\r\n');
        if (nl < 0) return;
        const verb = buf.slice(0, nl).slice(0, 4).toUpperCase();
        buf = buf.slice(nl + 2);
        if (verb === 'EHLO') sock.write('250-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'DATA') {
          inData = true;
          sock.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') sock.end('221 bye\r\n');
        else sock.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mails,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('the outbox without outside transports (local default)', () => {
  it('keeps the message in the outbox, marked sent, with no delivery attempt', async () => {
    const outbox = outboxService(outboxRepository(database.db), transportsFromEnv(loadEnv({})));
    const sent = await outbox.send({ channel: 'SMS', recipient: '+82 1011112222', body: 'hello', purpose: 'TEST' });
    expect(sent).toMatchObject({ status: 'SENT', transport: 'OUTBOX' });
    const row = await rowOf(sent.id);
    expect(row).toMatchObject({ status: 'SENT', transport: 'OUTBOX', attempts: 0, lastError: null, body: 'hello' });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('lists messages newest first, filtered by channel', async () => {
    const outbox = outboxService(outboxRepository(database.db));
    await outbox.send({ channel: 'EMAIL', recipient: 'a@example.com', subject: 's', body: 'first', purpose: 'TEST' });
    await outbox.send({ channel: 'SMS', recipient: '+82 1011112222', body: 'second', purpose: 'TEST' });
    await outbox.send({ channel: 'EMAIL', recipient: 'a@example.com', subject: 's', body: 'third', purpose: 'TEST' });
    expect((await outbox.list({ limit: 3 })).map((m) => m.body)).toEqual(['third', 'second', 'first']);
    expect((await outbox.list({ channel: 'EMAIL', limit: 2 })).map((m) => m.body)).toEqual(['third', 'first']);
  });
});

describe('the HTTP SMS gateway', () => {
  it('posts {to, text} with the bearer token and marks the message sent', async () => {
    const gw = await fakeGateway(() => 200);
    try {
      const env = loadEnv({ SMS_GATEWAY_URL: gw.url, SMS_GATEWAY_TOKEN: 'gw-token-1' });
      const outbox = outboxService(outboxRepository(database.db), transportsFromEnv(env));
      const sent = await outbox.send({ channel: 'SMS', recipient: '+82 1033334444', body: 'hi', purpose: 'TEST' });
      expect(sent).toMatchObject({ status: 'SENT', transport: 'SMS_GATEWAY' });
      expect(gw.received).toEqual([
        {
          method: 'POST',
          url: '/sms/send',
          authorization: 'Bearer gw-token-1',
          body: { to: '+821033334444', text: 'hi' },
        },
      ]);
      expect(await rowOf(sent.id)).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    } finally {
      await gw.close();
    }
  });

  it('answers the code request at once and records a failed delivery on the row, for a retry', async () => {
    let status = 500;
    const gw = await fakeGateway(() => status);
    try {
      const env = loadEnv({ SMS_GATEWAY_URL: gw.url, SMS_GATEWAY_TOKEN: 'gw-token-1' });
      const outbox = outboxService(outboxRepository(database.db), transportsFromEnv(env));
      const codes = verificationService(verificationStore(database.db), outbox, settingsRepository(database.db));
      await expect(
        codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: '+82 1055556666', language: 'ko' }),
      ).resolves.toEqual({ expiredMinutes: 1 });
      await outbox.idle();
      const [row] = await outbox.list({ channel: 'SMS', limit: 1 });
      expect(row).toMatchObject({
        recipient: '+82 1055556666',
        status: 'FAILED',
        transport: 'SMS_GATEWAY',
        attempts: 1,
        lastError: 'SMS gateway answered 500: {"status":500}',
        sentAt: null,
      });
      // Not due before its retry delay; delivered by the retry once it is, and then left alone.
      expect(await outbox.retryDue(new Date())).toEqual({ tried: 0, sent: 0 });
      status = 200;
      const later = new Date(Date.now() + OUTBOX_RETRY.firstDelayMs + 1000);
      expect(await outbox.retryDue(later)).toEqual({ tried: 1, sent: 1 });
      expect(await rowOf(row!.id)).toMatchObject({ status: 'SENT', attempts: 2, lastError: null, nextAttemptAt: null });
      expect(await outbox.retryDue(new Date(later.getTime() + 3_600_000))).toEqual({ tried: 0, sent: 0 });
      expect(gw.received).toHaveLength(2);
    } finally {
      await gw.close();
    }
  });

  it('does not make the request wait for a gateway that hangs', async () => {
    const gw = await fakeGateway(() => 'hang');
    try {
      const outbox = outboxService(outboxRepository(database.db), {
        sms: httpSmsGateway({ url: gw.url, timeoutMs: 1500 }),
      });
      const codes = verificationService(verificationStore(database.db), outbox, settingsRepository(database.db));
      const started = Date.now();
      await codes.issue({ purpose: 'RESET', channel: 'SMS', recipient: '+82 1066667777', language: 'en' });
      expect(Date.now() - started).toBeLessThan(1000);
      await outbox.idle();
      const [row] = await outbox.list({ channel: 'SMS', limit: 1 });
      expect(row).toMatchObject({ recipient: '+82 1066667777', status: 'FAILED', attempts: 1 });
    } finally {
      await gw.close();
    }
  });

  it('stops retrying after the last try, keeping the error', async () => {
    const gw = await fakeGateway(() => 503);
    try {
      const outbox = outboxService(outboxRepository(database.db), { sms: httpSmsGateway({ url: gw.url }) });
      const first = await outbox.send({ channel: 'SMS', recipient: '+82 1088889999', body: 'x', purpose: 'TEST' });
      expect(first.status).toBe('FAILED');
      let at = Date.now();
      for (let i = 1; i < OUTBOX_RETRY.maxAttempts; i++) {
        at += OUTBOX_RETRY.firstDelayMs * 2 ** i;
        await outbox.retryDue(new Date(at));
      }
      expect(await rowOf(first.id)).toMatchObject({
        status: 'FAILED',
        attempts: OUTBOX_RETRY.maxAttempts,
        nextAttemptAt: null,
      });
      expect(await outbox.retryDue(new Date(at + 86_400_000))).toEqual({ tried: 0, sent: 0 });
    } finally {
      await gw.close();
    }
  });

  it('gives up on a gateway that does not answer in time', async () => {
    const gw = await fakeGateway(() => 'hang');
    try {
      const outbox = outboxService(outboxRepository(database.db), {
        sms: httpSmsGateway({ url: gw.url, timeoutMs: 200 }),
      });
      const sent = await outbox.send({ channel: 'SMS', recipient: '+82 1077778888', body: 'x', purpose: 'TEST' });
      expect(sent).toMatchObject({ status: 'FAILED', error: 'SMS gateway did not answer within 200 ms' });
    } finally {
      await gw.close();
    }
  });

  it('records an unreachable gateway without throwing at the caller of send', async () => {
    const gw = await fakeGateway(() => 200);
    await gw.close();
    const outbox = outboxService(outboxRepository(database.db), { sms: httpSmsGateway({ url: gw.url }) });
    const sent = await outbox.send({ channel: 'SMS', recipient: '+82 1077778888', body: 'x', purpose: 'TEST' });
    expect(sent.status).toBe('FAILED');
    expect((await rowOf(sent.id)).lastError).toMatch(/^SMS gateway unreachable/);
  });
});

describe('SMTP', () => {
  it('delivers e-mail through the SMTP server of SMTP_URL from MAIL_FROM', async () => {
    const sink = await smtpSink();
    try {
      const env = loadEnv({ SMTP_URL: sink.url, MAIL_FROM: 'Aurora Play <no-reply@aurora.test>' });
      const outbox = outboxService(outboxRepository(database.db), transportsFromEnv(env));
      const sent = await outbox.send({
        channel: 'EMAIL',
        recipient: 'player@example.com',
        subject: 'Your code',
        body: 'Code 123456',
        purpose: 'TEST',
      });
      expect(sent).toMatchObject({ status: 'SENT', transport: 'SMTP' });
      expect(sink.mails).toHaveLength(1);
      expect(sink.mails[0]).toContain('From: Aurora Play <no-reply@aurora.test>');
      expect(sink.mails[0]).toContain('To: player@example.com');
      expect(sink.mails[0]).toContain('Subject: Your code');
      expect(sink.mails[0]).toContain('Code 123456');
    } finally {
      await sink.close();
    }
  });

  it('records e-mail failed when the SMTP server cannot be reached, while the request is answered', async () => {
    const sink = await smtpSink();
    await sink.close();
    const outbox = outboxService(outboxRepository(database.db), transportsFromEnv(loadEnv({ SMTP_URL: sink.url })));
    await expect(
      verificationService(verificationStore(database.db), outbox, settingsRepository(database.db)).issue({
        purpose: 'RESET',
        channel: 'EMAIL',
        recipient: 'nobody@example.com',
        language: 'en',
      }),
    ).resolves.toEqual({ expiredMinutes: 1 });
    await outbox.idle();
    const [row] = await outbox.list({ channel: 'EMAIL', limit: 1 });
    expect(row).toMatchObject({ recipient: 'nobody@example.com', status: 'FAILED', transport: 'SMTP' });
    expect(row?.lastError).toBeTruthy();
  });
});
