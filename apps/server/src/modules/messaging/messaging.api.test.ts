import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { outboxRepository } from './outbox.repository.ts';
import { outboxService } from './outbox.service.ts';
import { verificationStore } from './verification.repository.ts';
import { verificationService } from './verification.service.ts';

describe('the developer outbox page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('lets a developer read the SMS code of a login and finish it', async () => {
    const outbox = outboxService(outboxRepository(t.database.db));
    const codes = verificationService(verificationStore(t.database.db), outbox, t.services.settings);
    await codes.issue({ purpose: 'LOGIN', channel: 'SMS', recipient: '+82 1012345678', language: 'ko' });
    const res = await get('/api/dev/outbox?channel=SMS&limit=1');
    expect(res.statusCode).toBe(200);
    const [message] = res.json().value.messages;
    expect(message).toMatchObject({
      channel: 'SMS',
      recipient: '+82 1012345678',
      subject: null,
      purpose: 'VERIFICATION_LOGIN',
      status: 'SENT',
      transport: 'OUTBOX',
      lastError: null,
    });
    expect(new Date(message.createdAt).toISOString()).toBe(message.createdAt);
    const code = /\d{6}/.exec(message.body)![0];
    await expect(codes.verify({ purpose: 'LOGIN', recipient: '+82 1012345678', code })).resolves.toBeDefined();
  });

  it('lists newest first and filters by channel', async () => {
    const outbox = outboxService(outboxRepository(t.database.db));
    await outbox.send({ channel: 'SMS', recipient: '+82 1000000001', body: 'one', purpose: 'TEST' });
    await outbox.send({ channel: 'EMAIL', recipient: 'x@example.com', subject: 'S', body: 'two', purpose: 'TEST' });
    await outbox.send({ channel: 'SMS', recipient: '+82 1000000002', body: 'three', purpose: 'TEST' });
    const all = (await get('/api/dev/outbox?limit=3')).json().value.messages;
    expect(all.map((m: { body: string }) => m.body)).toEqual(['three', 'two', 'one']);
    const mail = (await get('/api/dev/outbox?channel=EMAIL')).json().value.messages;
    expect(mail.every((m: { channel: string }) => m.channel === 'EMAIL')).toBe(true);
    expect(mail[0]).toMatchObject({ subject: 'S', body: 'two' });
  });

  it('refuses a page larger than 100 or an unknown channel, naming the field', async () => {
    const big = await get('/api/dev/outbox?limit=101');
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'querystring.limit' });
    const fax = await get('/api/dev/outbox?channel=FAX');
    expect(fax.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'querystring.channel' });
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ NODE_ENV: 'production' });
  });
  afterAll(async () => t?.close());

  it('does not serve the outbox at all, nor an API document that would list it', async () => {
    await outboxService(outboxRepository(t.database.db)).send({
      channel: 'SMS',
      recipient: '+82 1012345678',
      body: '1',
      purpose: 'T',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(404);
  });
});
