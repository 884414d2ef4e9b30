import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffWithRole, type StaffClient, startConsole } from '../../../test/staff-helpers.ts';
import { type TestApp } from '../../../test/test-app.ts';
import { openTestSocket } from '../../../test/test-socket.ts';
import { testIp } from '../../../test/auth-helpers.ts';
import { newPlayer, type TestPlayer } from '../wallet/cashier.test-helpers.ts';

let t: TestApp;
let owner: StaffClient;
let support: StaffClient;
let support2: StaffClient;
let finance: StaffClient;
let baseUrl: string;
const now = () => new Date();

beforeAll(async () => {
  ({ t, owner } = await startConsole(now));
  support = await staffWithRole(t, owner, 'support', now, 'desk-one');
  support2 = await staffWithRole(t, owner, 'support', now, 'desk-two');
  finance = await staffWithRole(t, owner, 'finance', now, 'desk-finance');
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

const b64 = (b: Buffer) => b.toString('base64');
const png = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 20, g: 140, b: 90 } } })
    .png()
    .toBuffer();

/** A player's call: a member by bearer token, a guest by support token. */
type Who = TestPlayer | { guestToken: string };
const headersOf = (who: Who): Record<string, string> =>
  'token' in who ? { authorization: `Bearer ${who.token}` } : { 'x-support-token': who.guestToken };
const as = (who: Who) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: headersOf(who), remoteAddress: testIp() }),
  post: (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: headersOf(who), payload, remoteAddress: testIp() }),
});
const say = (who: Who, body: string, extra: object = {}) =>
  as(who).post('/api/support/messages', { body, requestId: randomUUID(), ...extra });
const thread = async (who: Who) => (await as(who).get('/api/support/thread')).json().value;
const startGuest = async (name: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/support/guest',
    payload: { name },
    remoteAddress: testIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { guestToken: res.json().value.token as string, thread: res.json().value.thread };
};
const staffGet = (by: StaffClient, url: string) => t.app.inject({ method: 'GET', url, headers: by.headers });
const staffPost = (by: StaffClient, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: by.headers, payload });
const staffSay = (by: StaffClient, conversationId: string, body: string) =>
  staffPost(by, '/api/bo/support/messages', { conversationId, body, requestId: randomUUID() });
const staffIdOf = async (username: string) =>
  (await t.database.db.selectFrom('staffUser').select('id').where('username', '=', username).executeTakeFirstOrThrow())
    .id;
const counts = async () => {
  const { rows } = await sql<{ m: number; u: number; i: number }>`
    SELECT (SELECT count(*)::int FROM support_message) AS m, (SELECT count(*)::int FROM upload) AS u,
           (SELECT count(*)::int FROM support_message_image) AS i`.execute(t.database.db);
  return rows[0]!;
};

describe('a member chatting with staff', () => {
  it('opens a conversation with the first message, and reads the same thread from another device', async () => {
    const p = await newPlayer(t);
    expect(await thread(p)).toMatchObject({ player: { kind: 'MEMBER' }, conversation: null, messages: [] });
    const sent = await say(p, 'My deposit is not there yet');
    expect(sent.statusCode, sent.body).toBe(200);
    // A second session of the same member (another device) reads the same conversation.
    const otherDevice = {
      ...p,
      token: await t.services.sessions.create(p.memberId, { ip: '198.51.100.7', userAgent: 'another device' }),
    };
    const there = await thread(otherDevice);
    expect(there.conversation).toMatchObject({ status: 'OPEN', staffName: null });
    expect(there.messages.map((m: { body: string }) => m.body)).toEqual(['My deposit is not there yet']);

    const queue = (await staffGet(support, '/api/bo/support/conversations')).json().value.conversations;
    expect(queue.find((c: { id: string }) => c.id === there.conversation.id)).toMatchObject({
      memberId: p.memberId,
      memberAccount: p.account,
      unread: 1,
      lastMessage: 'My deposit is not there yet',
    });
  });

  it('keeps hostile HTML as the text it is', async () => {
    const p = await newPlayer(t);
    const hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const sent = (await say(p, hostile)).json().value;
    expect(sent.body).toBe(hostile);
    expect((await thread(p)).messages[0].body).toBe(hostile);
  });

  it('answers a repeated send with the first message, and opens one conversation for sends at once', async () => {
    const p = await newPlayer(t);
    const requestId = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => say(p, 'hello?', { requestId })));
    expect(new Set(answers.map((a) => a.json().value.id)).size).toBe(1);
    const together = await Promise.all(['one', 'two', 'three'].map((b) => say(p, b)));
    expect(together.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const { rows } = await sql<{ n: number; m: number }>`
      SELECT count(DISTINCT c.id)::int AS n, count(sm.id)::int AS m FROM support_conversation c
        JOIN support_message sm ON sm.conversation_id = c.id WHERE c.member_id = ${p.memberId}`.execute(t.database.db);
    expect(rows[0]).toEqual({ n: 1, m: 4 });
  });

  it('refuses an empty or too long message and stores nothing', async () => {
    const p = await newPlayer(t);
    const before = await counts();
    expect((await say(p, '   ')).json()).toMatchObject({ code: 'SUPPORT_MESSAGE_EMPTY', field: 'body.body' });
    expect((await say(p, 'x'.repeat(1001))).json()).toMatchObject({ code: 'SUPPORT_MESSAGE_TOO_LONG' });
    expect(await counts()).toEqual(before);
  });
});

describe('who reads which conversation', () => {
  it('never shows a player another player’s conversation, member or guest', async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    await say(a, 'secret of A');
    const guest1 = await startGuest('Visitor One');
    const guest2 = await startGuest('Visitor Two');
    await say(guest1, 'secret of guest one');

    expect((await thread(b)).messages).toEqual([]);
    expect((await thread(guest2)).messages).toEqual([]);
    expect((await thread(a)).messages.map((m: { body: string }) => m.body)).toEqual(['secret of A']);
    expect((await thread(guest1)).messages.map((m: { body: string }) => m.body)).toEqual(['secret of guest one']);
    // B writes: B gets a conversation of its own, A's stays A's.
    await say(b, 'from B');
    expect((await thread(a)).messages.map((m: { body: string }) => m.body)).toEqual(['secret of A']);
    // A read mark of B's far past its own messages moves only B's conversation, and only to its end.
    const aBefore = (await thread(a)).conversation;
    const read = await as(b).post('/api/support/read', { upTo: '999999999' });
    const bThread = await thread(b);
    expect(read.json().value.playerReadUpTo).toBe(bThread.messages.at(-1).id);
    expect((await thread(a)).conversation.playerReadUpTo).toBe(aBefore.playerReadUpTo);
  });

  it('answers an unknown guest token, or none, with a clear refusal', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/support/thread' });
    expect(none.json()).toMatchObject({ code: 'SUPPORT_GUEST_UNKNOWN' });
    const forged = await as({ guestToken: randomBytes(32).toString('base64url') }).get('/api/support/thread');
    expect(forged.statusCode).toBe(401);
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/support/thread',
      headers: { authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
    });
    expect(expired.json().code).toBe('SESSION_EXPIRED');
  });

  it('lets a guest start with a name and continue after a reload with the kept token', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/support/guest', payload: { name: '   ' } });
    expect(bad.json()).toMatchObject({ code: 'SUPPORT_NAME_INVALID', field: 'body.name' });
    const g = await startGuest('  <b>Kim</b>  ');
    expect(g.thread.player).toEqual({ kind: 'GUEST', name: '<b>Kim</b>' });
    await say(g, 'I cannot sign up');
    // "After a reload" is the same token from localStorage.
    const again = await thread(g);
    expect(again.messages.map((m: { body: string }) => m.body)).toEqual(['I cannot sign up']);
    const queue = (await staffGet(support, '/api/bo/support/conversations')).json().value.conversations;
    expect(queue.find((c: { id: string }) => c.id === again.conversation.id)).toMatchObject({
      memberId: null,
      guestName: '<b>Kim</b>',
    });
  });
});

describe('attachments', () => {
  it('keeps up to three png or jpg images, re-encoded, at signed addresses', async () => {
    const p = await newPlayer(t);
    const sent = await say(p, '', { images: [b64(await png()), b64(await png())] });
    expect(sent.statusCode, sent.body).toBe(200);
    const m = sent.json().value;
    expect(m.images).toHaveLength(2);
    const image = await t.app.inject({ method: 'GET', url: m.images[0].url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('refuses a fourth image, an image above 5 MB and forged files, storing nothing', async () => {
    const p = await newPlayer(t);
    const g = await startGuest('Forger');
    const before = await counts();
    const one = b64(await png());
    expect((await say(p, 'x', { images: [one, one, one, one] })).json()).toMatchObject({
      code: 'UPLOAD_TOO_MANY',
      field: 'body.images',
    });
    const noise = await sharp(randomBytes(1450 * 1450 * 3), { raw: { width: 1450, height: 1450, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const big = await say(g, 'x', { images: [one, b64(noise)] });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'body.images.1' });
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(2048)]);
    const fakePng = Buffer.concat([(await png()).subarray(0, 16), randomBytes(512)]);
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const bad of [elf, fakePng, html]) {
      const res = await say(g, 'x', { images: [b64(bad)] });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UPLOAD_NOT_IMAGE', field: 'body.images.0' });
    }
    expect(await counts()).toEqual(before);
  });
});

describe('staff answering', () => {
  it('takes an unheld conversation with the first answer; another staff member must take it over first', async () => {
    const p = await newPlayer(t);
    const first = (await say(p, 'Help with a withdrawal')).json().value;
    const id = first.conversationId;
    const answer = await staffSay(support, id, 'Looking at it now');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().value).toMatchObject({ author: 'STAFF', staffName: 'support user' });
    const player = await thread(p);
    expect(player.conversation).toMatchObject({ staffName: 'support user', staffReadUpTo: answer.json().value.id });

    const other = await staffSay(support2, id, 'I will answer too');
    expect(other.json()).toMatchObject({ code: 'SUPPORT_HELD_BY_OTHER' });
    // Hand over to desk-two: now desk-two answers and desk-one may not.
    const handed = await staffPost(support, '/api/bo/support/hand-over', {
      conversationId: id,
      staffId: await staffIdOf('desk-two'),
    });
    expect(handed.json().value).toMatchObject({ assignedStaffId: await staffIdOf('desk-two') });
    expect((await staffSay(support2, id, 'Desk two here')).statusCode).toBe(200);
    expect((await staffSay(support, id, 'Still me')).json().code).toBe('SUPPORT_HELD_BY_OTHER');
    const events = (await thread(p)).messages.map((m: { author: string; event: string | null; body: string }) =>
      m.author === 'SYSTEM' ? `${m.event}` : m.body,
    );
    expect(events).toEqual(['Help with a withdrawal', 'Looking at it now', 'HANDOVER', 'Desk two here']);

    // Not to someone whose role does not hold support.
    const toFinance = await staffPost(support2, '/api/bo/support/hand-over', {
      conversationId: id,
      staffId: await staffIdOf('desk-finance'),
    });
    expect(toFinance.json()).toMatchObject({ code: 'SUPPORT_AGENT_INVALID', field: 'body.staffId' });
    const trail = await t.database.db
      .selectFrom('staffAudit')
      .select(['action', 'actor'])
      .where('target', '=', `support:${id}`)
      .execute();
    expect(trail).toEqual([{ action: 'support.handOver', actor: 'desk-one' }]);
  });

  it('closes a conversation: staff can no longer write to it, the player’s next message opens a new one', async () => {
    const p = await newPlayer(t);
    const id = (await say(p, 'Thanks, all good')).json().value.conversationId;
    const closed = await staffPost(support, '/api/bo/support/close', { conversationId: id });
    expect(closed.json().value).toMatchObject({ status: 'CLOSED' });
    expect((await thread(p)).conversation).toMatchObject({ id, status: 'CLOSED' });
    expect((await staffSay(support, id, 'one more thing')).json().code).toBe('SUPPORT_CONVERSATION_CLOSED');
    const next = (await say(p, 'Another question')).json().value;
    expect(next.conversationId).not.toBe(id);
    expect((await thread(p)).messages.map((m: { body: string }) => m.body)).toEqual(['Another question']);
    const closedList = (await staffGet(support, '/api/bo/support/conversations?status=CLOSED')).json().value;
    expect(closedList.conversations.map((c: { id: string }) => c.id)).toContain(id);
  });

  it('passes read receipts both ways, never beyond the last message', async () => {
    const p = await newPlayer(t);
    const m1 = (await say(p, 'Are you there?')).json().value;
    const read = await staffPost(support, '/api/bo/support/read', {
      conversationId: m1.conversationId,
      upTo: '9999999',
    });
    expect(read.json().value.staffReadUpTo).toBe(m1.id);
    expect((await thread(p)).conversation.staffReadUpTo).toBe(m1.id);
    const reply = (await staffSay(support, m1.conversationId, 'Yes')).json().value;
    await as(p).post('/api/support/read', { upTo: reply.id });
    const item = (await staffGet(support, `/api/bo/support/conversation?id=${m1.conversationId}`)).json().value;
    expect(item.conversation).toMatchObject({ playerReadUpTo: reply.id, unread: 0 });
  });

  it('keeps canned replies managed by staff, audited', async () => {
    const saved = await staffPost(support, '/api/bo/support/canned-replies', {
      title: 'Greeting',
      body: 'Hello! How can I help you today?',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().value.id;
    const changed = await staffPost(support2, '/api/bo/support/canned-replies', {
      id,
      title: 'Greeting',
      body: 'Hi! How can we help?',
    });
    expect(changed.json().value).toMatchObject({ body: 'Hi! How can we help?', updatedBy: 'desk-two' });
    const list = (await staffGet(support, '/api/bo/support/canned-replies')).json().value.replies;
    expect(list.find((r: { id: string }) => r.id === id)).toMatchObject({ title: 'Greeting' });
    expect((await staffPost(support, '/api/bo/support/canned-replies/delete', { id })).json().value).toEqual({
      deleted: true,
    });
    expect((await staffPost(support, '/api/bo/support/canned-replies/delete', { id })).json().code).toBe(
      'SUPPORT_CANNED_NOT_FOUND',
    );
  });

  it('is for roles that hold support: finance is refused everywhere in the console', async () => {
    for (const url of ['/api/bo/support/conversations', '/api/bo/support/canned-replies', '/api/bo/support/agents']) {
      const res = await staffGet(finance, url);
      expect(res.json().code).toBe('STAFF_FORBIDDEN');
    }
    const agents = (await staffGet(support, '/api/bo/support/agents')).json().value.agents;
    expect(agents.map((a: { username: string }) => a.username).sort()).toEqual(['desk-one', 'desk-two', 'owner']);
  });
});

describe('the live chat launch', () => {
  it('answers the built-in chat page, or the outside product the site manager configured', async () => {
    const launch = () =>
      t.app.inject({ url: '/api/livechat/launch?b2c=1&headerColor=%23112233&title=Help&template=v2' });
    expect((await launch()).json().value).toEqual({
      chatUrl: '/livechat/chat?b2c=1&template=v2&headerColor=%23112233&title=Help',
      provider: 'BUILT_IN',
    });
    const badColour = await t.app.inject({ url: '/api/livechat/launch?headerColor=red;background:url(x)' });
    expect(badColour.json().code).toBe('VALIDATION_FAILED');

    expect(
      (await staffPost(support, '/api/bo/support/live-chat', { externalUrl: 'https://x.example' })).json().code,
    ).toBe('STAFF_FORBIDDEN');
    for (const url of ['javascript:alert(1)', 'http://chat.example.com', 'https://user:pw@chat.example.com'])
      expect((await staffPost(owner, '/api/bo/support/live-chat', { externalUrl: url })).json().code).toBe(
        'LIVE_CHAT_URL_INVALID',
      );
    const set = await staffPost(owner, '/api/bo/support/live-chat', { externalUrl: 'https://chat.example.com/aurora' });
    expect(set.json().value).toEqual({ externalUrl: 'https://chat.example.com/aurora' });
    expect((await launch()).json().value).toEqual({ chatUrl: 'https://chat.example.com/aurora', provider: 'EXTERNAL' });
    await staffPost(owner, '/api/bo/support/live-chat', { externalUrl: '' });
    expect((await launch()).json().value.provider).toBe('BUILT_IN');
  });
});

/** Opens a socket and collects what the server says. */
const socket = (url: string, first?: unknown, headers: Record<string, string> = {}) =>
  openTestSocket(url, { first, headers });

describe('the live sockets', () => {
  it('bring staff the player’s message and typing, and the player staff’s answer, typing and read receipt', async () => {
    const p = await newPlayer(t);
    const ws = baseUrl.replace('http', 'ws');
    const player = socket(`${ws}/ws/support`, { type: 'auth', token: p.token });
    const desk = socket(`${ws}/api/bo/support/live`, undefined, { cookie: support.cookie });
    try {
      await player.waitFor((m) => m.type === 'ready');
      await desk.waitFor((m) => m.type === 'ready');
      const first = (await say(p, 'Live hello')).json().value;
      await desk.waitFor((m) => m.type === 'message' && (m.message as { body: string }).body === 'Live hello');
      await as(p).post('/api/support/typing', {});
      await desk.waitFor((m) => m.type === 'typing' && m.by === 'PLAYER');

      await staffPost(support, '/api/bo/support/typing', { conversationId: first.conversationId });
      await player.waitFor((m) => m.type === 'typing' && m.by === 'STAFF');
      await staffSay(support, first.conversationId, 'Live answer');
      await player.waitFor((m) => m.type === 'message' && (m.message as { body: string }).body === 'Live answer');
      await player.waitFor((m) => m.type === 'read' && m.by === 'STAFF' && m.upTo !== undefined);
      // The player's socket hears nothing of other players' conversations.
      const other = await newPlayer(t);
      await say(other, 'not for you');
      await desk.waitFor((m) => m.type === 'message' && (m.message as { body: string }).body === 'not for you');
      expect(player.messages.some((m) => JSON.stringify(m).includes('not for you'))).toBe(false);
    } finally {
      player.ws.close();
      desk.ws.close();
    }
  });

  it('closes a player socket with a bad token and refuses the staff socket without support', async () => {
    const ws = baseUrl.replace('http', 'ws');
    const guest = socket(`${ws}/ws/support`, { type: 'auth', guestToken: 'forged-token-forged' });
    expect(await guest.closed).toBe(4401);
    const money = socket(`${ws}/api/bo/support/live`, undefined, { cookie: finance.cookie });
    money.ws.on('error', () => undefined);
    const failed = await new Promise<number>((r) =>
      money.ws.on('unexpected-response', (req, res) => {
        req.destroy();
        r(res.statusCode!);
      }),
    );
    expect(failed).toBe(403);
  });
});
