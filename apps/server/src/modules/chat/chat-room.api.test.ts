import { randomUUID } from 'node:crypto';
import { TRIAL_TYPE } from '@portal/contracts/limits.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testIp } from '../../../test/auth-helpers.ts';
import { auditTrail, staffWithRole, type StaffClient, startConsole } from '../../../test/staff-helpers.ts';
import { type TestApp } from '../../../test/test-app.ts';
import { openTestSocket } from '../../../test/test-socket.ts';
import { newPlayer, type TestPlayer } from '../wallet/cashier.test-helpers.ts';
import { neutraliseLinks } from './chat-room.service.ts';

let t: TestApp;
let owner: StaffClient;
let moderator: StaffClient;
let finance: StaffClient;
let wsUrl: string;
/** The app's clock: real time moved by `offsetMs` (the rate limit and mutes follow it). */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  ({ t, owner } = await startConsole(now));
  moderator = await staffWithRole(t, owner, 'support', now, 'room-mod');
  finance = await staffWithRole(t, owner, 'finance', now, 'room-finance');
  wsUrl = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws') + '/ws/chat';
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.services.settings.put('chat_room', { maxChars: 200, rateCount: 5, rateWindowSeconds: 10 });
});

const headersOf = (p?: TestPlayer) => (p ? { authorization: `Bearer ${p.token}` } : {});
const room = (p?: TestPlayer) =>
  t.app.inject({ method: 'GET', url: '/api/chat-room', headers: headersOf(p), remoteAddress: testIp() });
const say = (p: TestPlayer | undefined, body: string, requestId = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chat-room/messages',
    headers: headersOf(p),
    payload: { body, requestId },
    remoteAddress: testIp(),
  });
const staffPost = (by: StaffClient, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: by.headers, payload });
const staffGet = (by: StaffClient, url: string) => t.app.inject({ method: 'GET', url, headers: by.headers });
const messageCount = async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM chat_message`.execute(t.database.db)).rows[0]!.n;

/** A socket of the room: a guest reader, or a member's. */
function reader(p?: TestPlayer) {
  const s = openTestSocket(wsUrl, { first: p ? { type: 'join', token: p.token } : { type: 'join' } });
  return { ...s, ready: () => s.waitFor((m) => m.type === 'ready') };
}

describe('the room on join', () => {
  it('loads the newest 50 messages, oldest first, to a guest and a member alike', async () => {
    await t.services.settings.put('chat_room', { maxChars: 200, rateCount: 60, rateWindowSeconds: 10 });
    const p = await newPlayer(t);
    for (let i = 1; i <= 55; i++) expect((await say(p, `line ${i}`)).statusCode).toBe(200);
    for (const who of [undefined, p]) {
      const value = (await room(who)).json().value;
      expect(value.messages).toHaveLength(50);
      expect(value.messages.map((m: { body: string }) => m.body)).toEqual(
        Array.from({ length: 50 }, (_, i) => `line ${i + 6}`),
      );
      expect(value.rules).toEqual({ maxChars: 200, rateCount: 60, rateWindowSeconds: 10 });
    }
    expect((await room()).json().value.me).toBeNull();
    expect((await room(p)).json().value.me).toEqual({
      name: p.account,
      handles: [p.account],
      readOnly: null,
      mute: null,
    });
  });
});

describe('who may write', () => {
  it('lets a guest read but not write, and writes nothing', async () => {
    const before = await messageCount();
    const res = await say(undefined, 'hello from nobody');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('NOT_LOGGED_IN');
    expect(await messageCount()).toBe(before);
  });

  it('keeps a trial account read only, and tells it so on join', async () => {
    const trial = await newPlayer(t, { type: TRIAL_TYPE });
    const before = await messageCount();
    const res = await say(trial, 'hello from a trial');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('TRIAL_NOT_ALLOWED');
    expect(await messageCount()).toBe(before);
    expect((await room(trial)).json().value.me).toMatchObject({ readOnly: 'TRIAL' });
  });
});

describe('what a message may hold', () => {
  it('keeps emoji and counts them as characters, refusing a message over the length and an empty one', async () => {
    const p = await newPlayer(t);
    const emoji = '🎉👍🏽 좋아요 加油';
    const sent = await say(p, emoji);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value).toMatchObject({ name: p.account, body: emoji, mentions: [] });
    const before = await messageCount();
    const tooLong = await say(p, '😀'.repeat(201));
    expect(tooLong.json()).toMatchObject({ code: 'CHAT_MESSAGE_TOO_LONG', value: { max: 200 } });
    expect((await say(p, '😀'.repeat(200))).statusCode).toBe(200);
    const empty = await say(p, '   \u0000\u200b  ');
    expect(empty.statusCode).toBe(400);
    expect(await messageCount()).toBe(before + 1);
  });

  it('neutralises links: no scheme and no clickable host name reach a reader', async () => {
    const p = await newPlayer(t);
    const sent = await say(
      p,
      'look https://evil.example.com/win?x=1 or www.free-money.net and bit.ly/abc, javascript:alert(1) 3.14 ok',
    );
    const body = sent.json().value.body as string;
    expect(body).not.toMatch(/https?:|www\.|\.com|\.net|bit\.ly|javascript:/i);
    expect(body).toContain('evil[.]example[.]com/win?x=1');
    expect(body).toContain('www[.]free-money[.]net');
    expect(body).toContain('bit[.]ly/abc');
    expect(body).toContain('3.14 ok');
    expect(body).toContain('alert(1) 3.14 ok');
    expect(neutraliseLinks('mail me at ab@example.org')).toBe('mail me at ab@example[.]org');
    expect(neutraliseLinks('JaVaScRiPt:alert(1) data:text/html,x')).toBe('alert(1) text/html,x');
  });

  it('keeps markup as the characters typed: the server has no HTML path', async () => {
    const p = await newPlayer(t);
    const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script><b>bold</b>';
    const sent = await say(p, hostile);
    expect(sent.json().value.body).toBe(hostile);
    const seen = (await room()).json().value.messages.at(-1);
    expect(seen.body).toBe(hostile);
  });

  it('mentions members by @account or @nickname as written; unknown names and oneself are not mentions', async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    const c = await newPlayer(t);
    const nick = `Nick${c.account.slice(-6)}`;
    await sql`UPDATE member SET nickname = ${nick} WHERE id = ${c.memberId}`.execute(t.database.db);
    const sent = await say(a, `@${b.account} hi, @${nick.toUpperCase()} too, and @nobody-here and @${a.account}`);
    expect(sent.json().value.mentions).toEqual([b.account, nick.toUpperCase()]);
    const seenByB = (await room(b)).json().value;
    expect(seenByB.messages.at(-1).mentions).toEqual([b.account, nick.toUpperCase()]);
    expect((await room(c)).json().value.me).toMatchObject({ name: nick, handles: [c.account, nick] });
  });

  it('answers a repeated send with the first message', async () => {
    const p = await newPlayer(t);
    const requestId = randomUUID();
    const first = await say(p, 'once', requestId);
    const before = await messageCount();
    const again = await say(p, 'once', requestId);
    expect(again.json().value.id).toBe(first.json().value.id);
    expect(await messageCount()).toBe(before);
  });
});

describe('the rate limit', () => {
  it('refuses a member past the messages per window of the settings, and lets them write once the window has passed', async () => {
    const p = await newPlayer(t);
    for (let i = 0; i < 5; i++) expect((await say(p, `quick ${i}`)).statusCode).toBe(200);
    const before = await messageCount();
    const refused = await say(p, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'CHAT_RATE_LIMITED', value: { count: 5, seconds: 10 } });
    expect(refused.json().value.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(await messageCount()).toBe(before);
    // Another member is not held back by this one.
    expect((await say(await newPlayer(t), 'someone else')).statusCode).toBe(200);
    offsetMs += 11_000;
    expect((await say(p, 'after the window')).statusCode).toBe(200);
  });

  it('lets exactly the allowed number through when a member sends many at once', async () => {
    const p = await newPlayer(t);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => say(p, `burst ${i}`)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });
});

describe('moderation', () => {
  it('removes a message for every reader at once, audited; removing it again changes nothing', async () => {
    const p = await newPlayer(t);
    const guest = reader();
    try {
      await guest.ready();
      const sent = (await say(p, 'rude words')).json().value;
      await guest.waitFor((m) => m.type === 'message' && (m.message as { id: string }).id === sent.id);
      const res = await staffPost(moderator, '/api/bo/chat-room/messages/delete', { id: sent.id });
      expect(res.json().value).toEqual({ deleted: true });
      await guest.waitFor((m) => m.type === 'deleted' && m.id === sent.id);
      expect((await room()).json().value.messages.some((m: { id: string }) => m.id === sent.id)).toBe(false);
      const listed = (await staffGet(moderator, '/api/bo/chat-room/messages')).json().value.messages;
      expect(listed.find((m: { id: string }) => m.id === sent.id)).toMatchObject({
        memberId: p.memberId,
        account: p.account,
        deletedBy: 'room-mod',
      });
      expect((await staffPost(moderator, '/api/bo/chat-room/messages/delete', { id: sent.id })).json().value).toEqual({
        deleted: false,
      });
      expect(await auditTrail(t, `chat-message:${sent.id}`)).toEqual([
        expect.objectContaining({ actor: 'room-mod', action: 'chat.delete' }),
      ]);
      const missing = await staffPost(moderator, '/api/bo/chat-room/messages/delete', { id: '999999999' });
      expect(missing.json().code).toBe('CHAT_MESSAGE_NOT_FOUND');
    } finally {
      guest.ws.close();
    }
  });

  it("refuses a muted member's message with the reason and the end, tells their socket, and lets them write when it ends", async () => {
    const p = await newPlayer(t);
    const mine = reader(p);
    try {
      await mine.ready();
      const muted = await staffPost(moderator, '/api/bo/chat-room/mutes', {
        memberId: p.memberId,
        minutes: 5,
        reason: 'Spamming the room',
      });
      expect(muted.statusCode, muted.body).toBe(200);
      const until = muted.json().value.until as string;
      expect(new Date(until).getTime() - now().getTime()).toBeGreaterThan(4 * 60_000);
      await mine.waitFor((m) => m.type === 'status');
      const before = await messageCount();
      const refused = await say(p, 'let me talk');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'CHAT_MUTED', value: { until, reason: 'Spamming the room' } });
      expect(await messageCount()).toBe(before);
      expect((await room(p)).json().value.me).toMatchObject({
        readOnly: 'MUTED',
        mute: { until, reason: 'Spamming the room' },
      });
      const list = (await staffGet(moderator, '/api/bo/chat-room/mutes')).json().value.mutes;
      expect(list.find((m: { memberId: string }) => m.memberId === p.memberId)).toMatchObject({
        reason: 'Spamming the room',
        mutedBy: 'room-mod',
      });
      offsetMs += 6 * 60_000;
      expect((await say(p, 'back again')).statusCode).toBe(200);
      expect((await room(p)).json().value.me).toMatchObject({ readOnly: null, mute: null });
      const after = (await staffGet(moderator, '/api/bo/chat-room/mutes')).json().value.mutes;
      expect(after.some((m: { memberId: string }) => m.memberId === p.memberId)).toBe(false);
    } finally {
      mine.ws.close();
    }
  });

  it('lifts a mute early, audited, and refuses a mute of nobody or without a reason', async () => {
    const p = await newPlayer(t);
    await staffPost(moderator, '/api/bo/chat-room/mutes', { memberId: p.memberId, minutes: 60, reason: 'Cool down' });
    expect((await say(p, 'muted?')).json().code).toBe('CHAT_MUTED');
    const lifted = await staffPost(moderator, '/api/bo/chat-room/mutes/lift', { memberId: p.memberId });
    expect(lifted.json().value).toEqual({ lifted: true });
    expect((await say(p, 'free')).statusCode).toBe(200);
    expect((await staffPost(moderator, '/api/bo/chat-room/mutes/lift', { memberId: p.memberId })).json().value).toEqual(
      { lifted: false },
    );
    expect((await auditTrail(t, `member:${p.memberId}`)).map((a) => a.action)).toEqual(['chat.mute', 'chat.unmute']);
    const nobody = await staffPost(moderator, '/api/bo/chat-room/mutes', {
      memberId: '999999999',
      minutes: 5,
      reason: 'x',
    });
    expect(nobody.json().code).toBe('CHAT_MEMBER_NOT_FOUND');
    const noReason = await staffPost(moderator, '/api/bo/chat-room/mutes', {
      memberId: p.memberId,
      minutes: 5,
      reason: '   ',
    });
    expect(noReason.statusCode).toBe(400);
  });

  it('is for support, admin and owner only: finance is refused every moderation call and changes nothing', async () => {
    const p = await newPlayer(t);
    const sent = (await say(p, 'keep me')).json().value;
    for (const [url, payload] of [
      ['/api/bo/chat-room/messages/delete', { id: sent.id }],
      ['/api/bo/chat-room/mutes', { memberId: p.memberId, minutes: 5, reason: 'no' }],
      ['/api/bo/chat-room/mutes/lift', { memberId: p.memberId }],
      ['/api/bo/chat-room/settings', { maxChars: 10, rateCount: 1, rateWindowSeconds: 60 }],
    ] as const) {
      const res = await staffPost(finance, url, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('STAFF_FORBIDDEN');
    }
    for (const url of ['/api/bo/chat-room/messages', '/api/bo/chat-room/mutes', '/api/bo/chat-room/settings'])
      expect((await staffGet(finance, url)).json().code).toBe('STAFF_FORBIDDEN');
    expect((await room()).json().value.messages.some((m: { id: string }) => m.id === sent.id)).toBe(true);
    expect((await say(p, 'still free')).statusCode).toBe(200);
    expect((await staffGet(owner, '/api/bo/chat-room/settings')).json().value.maxChars).toBe(200);
  });

  it("changes the room's rules from the back office, audited, and the next message follows them", async () => {
    const set = await staffPost(moderator, '/api/bo/chat-room/settings', {
      maxChars: 10,
      rateCount: 5,
      rateWindowSeconds: 10,
    });
    expect(set.json().value).toEqual({ maxChars: 10, rateCount: 5, rateWindowSeconds: 10 });
    const p = await newPlayer(t);
    expect((await say(p, 'twelve chars')).json().code).toBe('CHAT_MESSAGE_TOO_LONG');
    expect((await auditTrail(t, 'site:chat_room')).at(-1)).toMatchObject({ action: 'chat.settings' });
  });
});

describe('live', () => {
  it("brings a member's message to a guest's and another member's socket", async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    const guest = reader();
    const other = reader(b);
    try {
      await guest.ready();
      await other.ready();
      const sent = (await say(a, `@${b.account} 안녕 👋`)).json().value;
      for (const s of [guest, other])
        expect(
          await s.waitFor((m) => m.type === 'message' && (m.message as { id: string }).id === sent.id),
        ).toMatchObject({ message: { name: a.account, body: `@${b.account} 안녕 👋`, mentions: [b.account] } });
    } finally {
      guest.ws.close();
      other.ws.close();
    }
  });

  it('closes a socket that joins with a token that is not a session', async () => {
    const { closed } = openTestSocket(wsUrl, { first: { type: 'join', token: 'not-a-session' } });
    expect(await closed).toBe(4401);
  });
});
