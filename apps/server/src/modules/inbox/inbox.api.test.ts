import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffWithRole, type StaffClient, startConsole } from '../../../test/staff-helpers.ts';
import { asOperator, type TestApp } from '../../../test/test-app.ts';
import { openTestSocket } from '../../../test/test-socket.ts';
import { newTreeMember, type TreeMember } from '../agent/agent.test-helpers.ts';
import { asPlayer, newPlayer, requestId, type TestPlayer, withdrawalOf } from '../wallet/cashier.test-helpers.ts';

let t: TestApp;
let owner: StaffClient;
let support: StaffClient;
let finance: StaffClient;
let wsUrl: string;
const now = () => new Date();
const unique = () => Math.random().toString(36).slice(2, 10);

beforeAll(async () => {
  ({ t, owner } = await startConsole(now));
  support = await staffWithRole(t, owner, 'support', now, 'inbox-support');
  finance = await staffWithRole(t, owner, 'finance', now, 'inbox-finance');
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = url.replace('http', 'ws') + '/ws';
});
afterAll(async () => t?.close());

const send = (by: StaffClient, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/bo/messages', headers: by.headers, payload });
const sendOk = async (payload: object) => {
  const res = await send(support, { title: `Title ${unique()}`, content: '<p>Hello</p>', ...payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: string; title: string; content: string };
};
interface Inbox {
  content: { id: string; title: string; content: string; read: boolean; kind: string; scope: string; params: object }[];
  total: number;
  unread: number;
  totalPages: number;
}
const inboxOf = async (p: TestPlayer, query = '') => {
  const res = await asPlayer(t, p).get(`/api/inbox/messages${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as Inbox;
};
const unreadOf = async (p: TestPlayer) =>
  ((await asPlayer(t, p).get('/api/inbox/unread-count')).json().value as { count: number }).count;
const titles = async (p: TestPlayer) => (await inboxOf(p)).content.map((m) => m.title);

describe('personal messages', () => {
  it('reach only their member: another member never sees, reads or deletes them', async () => {
    const alice = await newPlayer(t);
    const bob = await newPlayer(t);
    const m = await sendOk({ audience: 'MEMBER', account: alice.account, title: 'For Alice only' });
    expect(await titles(alice)).toContain('For Alice only');
    expect(await titles(bob)).not.toContain('For Alice only');
    expect(await unreadOf(alice)).toBe(1);
    expect(await unreadOf(bob)).toBe(0);

    // Bob names Alice's message: nothing happens to it.
    const read = await asPlayer(t, bob).post('/api/inbox/messages/read', { ids: [m.id] });
    expect(read.json().value).toEqual({ unread: 0 });
    const del = await asPlayer(t, bob).post('/api/inbox/messages/delete', { ids: [m.id] });
    expect(del.json().value).toEqual({ deleted: 0, unread: 0 });
    expect(await unreadOf(alice)).toBe(1);
    expect((await inboxOf(alice)).content[0]).toMatchObject({ id: m.id, read: false, scope: 'PERSONAL' });
  });

  it('are read and deleted by their member, and the unread count follows', async () => {
    const p = await newPlayer(t);
    const a = await sendOk({ audience: 'MEMBER', account: p.account });
    const b = await sendOk({ audience: 'MEMBER', account: p.account });
    expect(await unreadOf(p)).toBe(2);
    const read = await asPlayer(t, p).post('/api/inbox/messages/read', { ids: [a.id] });
    expect(read.json().value).toEqual({ unread: 1 });
    expect((await inboxOf(p, '?unreadOnly=true')).content.map((m) => m.id)).toEqual([b.id]);
    const del = await asPlayer(t, p).post('/api/inbox/messages/delete', { ids: [a.id, b.id] });
    expect(del.json().value).toEqual({ deleted: 2, unread: 0 });
    expect(await inboxOf(p)).toMatchObject({ content: [], total: 0, unread: 0, totalPages: 1 });
  });

  it('refuses an unknown account and stores nothing', async () => {
    const res = await send(support, { audience: 'MEMBER', account: `nobody${unique()}`, title: 'x', content: 'y' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'MEMBER_NOT_FOUND', field: 'body.account' });
  });
});

describe('group and site-wide messages', () => {
  it('reach a member type, and no other type', async () => {
    const agent = await newTreeMember(t, null, { type: 41 });
    const player = await newPlayer(t);
    const m = await sendOk({ audience: 'MEMBER_TYPE', memberType: 41, title: `Type 41 ${unique()}` });
    expect(await titles(agent)).toContain(m.title);
    expect(await titles(player)).not.toContain(m.title);
  });

  it("reach an agent's whole downline at any depth, but not the agent or anyone outside it", async () => {
    const top = await newTreeMember(t, null, { type: 1 });
    const sub = await newTreeMember(t, top, { type: 2 });
    const deep = await newTreeMember(t, sub);
    const outside: TreeMember = await newTreeMember(t, null);
    const m = await sendOk({ audience: 'DOWNLINE', account: top.account, title: `Team ${unique()}` });
    expect(await titles(sub)).toContain(m.title);
    expect(await titles(deep)).toContain(m.title);
    expect(await titles(top)).not.toContain(m.title);
    expect(await titles(outside)).not.toContain(m.title);
    expect((await inboxOf(deep)).content.find((x) => x.id === m.id)?.scope).toBe('GROUP');
  });

  it('refuses a downline message to a member that is not an agent', async () => {
    const player = await newPlayer(t);
    const res = await send(support, { audience: 'DOWNLINE', account: player.account, title: 'x', content: 'y' });
    expect(res.json().code).toBe('MEMBER_NOT_FOUND');
  });

  it('reach every member of the site with one row, read and deleted per member', async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    const rowsBefore = await t.database.db
      .selectFrom('member')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const m = await sendOk({ audience: 'ALL', title: `Everyone ${unique()}` });
    const { rows } = await import('kysely').then(({ sql }) =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM inbox_receipt WHERE message_id = ${m.id}`.execute(
        t.database.db,
      ),
    );
    expect(Number(rowsBefore.n)).toBeGreaterThan(1);
    expect(rows[0]!.n).toBe(0);
    expect(await titles(a)).toContain(m.title);
    expect((await inboxOf(a)).content.find((x) => x.id === m.id)?.scope).toBe('SITE');

    await asPlayer(t, a).post('/api/inbox/messages/delete', { ids: [m.id] });
    expect(await titles(a)).not.toContain(m.title);
    expect(await titles(b)).toContain(m.title);
    await asPlayer(t, b).post('/api/inbox/messages/read', { all: true });
    expect(await unreadOf(b)).toBe(0);
  });

  it('do not reach members who registered after they were sent', async () => {
    const m = await sendOk({ audience: 'ALL', title: `Before you ${unique()}` });
    const late = await newPlayer(t);
    expect(await titles(late)).not.toContain(m.title);
  });

  it('page nine at a time, newest first', async () => {
    const p = await newPlayer(t);
    const sent: string[] = [];
    for (let i = 0; i < 11; i++) sent.push((await sendOk({ audience: 'MEMBER', account: p.account })).id);
    const first = await inboxOf(p);
    expect(first.content).toHaveLength(9);
    expect(first.totalPages).toBe(2);
    expect(first.content[0]!.id).toBe(sent[10]);
    const second = await inboxOf(p, '?pageNum=2');
    expect(second.content.map((m) => m.id)).toEqual([sent[1], sent[0]]);
  });
});

describe('what staff may write', () => {
  it('strips script, event handlers and javascript: links from the HTML before storing it', async () => {
    const p = await newPlayer(t);
    const m = await sendOk({
      audience: 'MEMBER',
      account: p.account,
      content:
        '<p onclick="steal()">Hi<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">go</a></p>',
    });
    const shown = (await inboxOf(p)).content.find((x) => x.id === m.id)!.content;
    for (const c of [shown, m.content]) {
      expect(c).not.toMatch(/script|onclick|onerror|javascript:/i);
      expect(c).toContain('Hi');
    }
  });

  it('refuses a message with nothing left to show once sanitized', async () => {
    const p = await newPlayer(t);
    const res = await send(support, {
      audience: 'MEMBER',
      account: p.account,
      title: 'x',
      content: '<script>alert(1)</script>',
    });
    expect(res.json()).toMatchObject({ code: 'MESSAGE_EMPTY', field: 'body.content' });
    expect(await unreadOf(p)).toBe(0);
  });

  it('lets support send and list, refuses finance, and audits every send', async () => {
    const p = await newPlayer(t);
    const refused = await send(finance, { audience: 'MEMBER', account: p.account, title: 'x', content: 'y' });
    expect(refused.statusCode).toBe(403);
    const m = await sendOk({ audience: 'MEMBER', account: p.account, title: 'Audited' });
    const list = await t.app.inject({ method: 'GET', url: '/api/bo/messages', headers: support.headers });
    expect(list.json().value.content.find((x: { id: string }) => x.id === m.id)).toMatchObject({
      audience: 'MEMBER',
      target: p.account,
      reads: 0,
    });
    const trail = await t.database.db
      .selectFrom('staffAudit')
      .selectAll()
      .where('target', '=', `message:${m.id}`)
      .execute();
    expect(trail.map((r) => r.action)).toEqual(['message.send']);
  });
});

describe('system messages', () => {
  it('tell a player once that a deposit was credited and that a withdrawal was paid', async () => {
    const PIN = 'pay-4321';
    const p = await newPlayer(t, { balance: 100_000n, paymentPassword: PIN });
    const me = asPlayer(t, p);
    const operator = (url: string, id: string) =>
      t.app.inject({ method: 'PUT', url, headers: asOperator, payload: { id } });
    const dep = await me.post('/api/cashier/deposits', {
      methodCode: 'BANK_TRANSFER',
      amount: '20000',
      payerName: 'Hong Gildong',
      requestId: requestId(),
    });
    expect((await operator('/api/ops/deposits/confirm', dep.json().value.id)).statusCode).toBe(200);
    await operator('/api/ops/deposits/confirm', dep.json().value.id);
    await withdrawalOf(t, p, '30000', { paymentPassword: PIN, decision: 'approve' });
    const inbox = await inboxOf(p);
    expect(inbox.content.map((m) => [m.kind, m.params])).toEqual([
      ['WITHDRAWAL_PAID', { amount: '30000', currency: 'KRW', reason: null }],
      ['DEPOSIT_CREDITED', { amount: '20000', currency: 'KRW', reason: null }],
    ]);
    expect(inbox.unread).toBe(2);
  });
});

describe('the red counter over the live channel', () => {
  const connect = (token: string) => openTestSocket(wsUrl, { first: { type: 'auth', token }, timeoutMs: 15_000 });

  it('rises when a personal or a site-wide message arrives and falls when it is read', async () => {
    const p = await newPlayer(t);
    const tab = connect(p.token);
    await tab.waitFor((m) => m.type === 'counters' && m.messages === 0);
    const m = await sendOk({ audience: 'MEMBER', account: p.account });
    await tab.waitFor((e) => e.type === 'counters' && e.messages === 1);
    await sendOk({ audience: 'ALL' });
    await tab.waitFor((e) => e.type === 'counters' && e.messages === 2);
    await asPlayer(t, p).post('/api/inbox/messages/read', { ids: [m.id] });
    await tab.waitFor((e) => e.type === 'counters' && e.messages === 1);
    tab.ws.close();
  });
});
