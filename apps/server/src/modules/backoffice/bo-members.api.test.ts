import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { auditTrail, staffGet, staffPost, staffTeam, type StaffClient } from '../../../test/staff-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { newTreeMember, type TreeMember } from '../agent/agent.test-helpers.ts';
import { playRound, registerTestVendor, type TestVendor } from './bo.test-helpers.ts';
import { addBankAccount, asPlayer, newPlayer } from '../wallet/cashier.test-helpers.ts';

let t: TestApp;
let owner: StaffClient;
let support: StaffClient;
let finance: StaffClient;
let vendor: TestVendor;
const VENDOR_ID = 'BOTEST';

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SCALE: '100' });
  ({ owner, support, finance } = await staffTeam(t, ['support', 'finance']));
  vendor = await registerTestVendor(t, VENDOR_ID);
});
afterAll(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

const post = (who: StaffClient, url: string, payload: object) => staffPost(t, who, url, payload);
const get = (who: StaffClient, url: string) => staffGet(t, who, url);
const auditOf = (memberId: string) => auditTrail(t, `member:${memberId}`);

describe("a member's profile", () => {
  it('shows the upline chain, bank accounts, sign-in addresses, wallets by name and the rounds played with the vendor by name', async () => {
    const top = await newTreeMember(t, null, { type: 1 });
    const sub = await newTreeMember(t, top, { type: 2 });
    const p = await newTreeMember(t, sub, { balance: 10_000n, paymentPassword: 'Pay12345' });
    await addBankAccount(t, p, '110-555-000111');
    const first = await playRound(t, vendor, p.memberId, '1000', '2500');
    await playRound(t, vendor, p.memberId, '500', '0');

    const details = (await get(support, `/api/bo/players/details?id=${p.memberId}`)).json().value;
    expect(details.uplines.map((u: { account: string }) => u.account)).toEqual([sub.account, top.account]);
    expect(details.bankAccounts).toEqual([expect.objectContaining({ accountNumber: '110-555-000111' })]);
    expect(details.hasPaymentPassword).toBe(true);

    const bets = (await get(support, `/api/bo/players/bets?id=${p.memberId}&pageSize=1`)).json().value;
    expect(bets.total).toBe(2);
    expect(bets.rounds).toHaveLength(1);
    expect(bets.rounds[0]).toMatchObject({
      bet: '500',
      win: '0',
      vendorId: VENDOR_ID,
      vendorName: `${VENDOR_ID} Vendor`,
    });
    const older = (await get(support, `/api/bo/players/bets?id=${p.memberId}&pageSize=1&page=1`)).json().value;
    expect(older.rounds[0]).toMatchObject({ roundId: first.roundId, bet: '1000', win: '2500', transactions: 2 });

    const profile = (await get(support, `/api/bo/players/profile?id=${p.memberId}`)).json().value;
    expect(profile.wallets).toContainEqual(
      expect.objectContaining({ kind: 'MEMBER_MAIN', vendorId: null, vendorName: null }),
    );

    const sessions = (await get(support, `/api/bo/players/sessions?id=${p.memberId}`)).json().value;
    expect(sessions).toMatchObject({ total: 1, sessions: [{ ip: '203.0.113.1', userAgent: 'test', live: true }] });
  });

  it('answers a member that does not exist with NOT_FOUND', async () => {
    const res = await get(support, '/api/bo/players/details?id=999999999');
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('staff notes', () => {
  it('are appended with their author, audited, and can be neither edited nor deleted', async () => {
    const p = await newPlayer(t);
    const a = await post(support, '/api/bo/players/notes', { id: p.memberId, body: 'Called about a late deposit.' });
    expect(a.json().value).toMatchObject({ author: 'support', body: 'Called about a late deposit.' });
    await post(finance, '/api/bo/players/notes', { id: p.memberId, body: 'Deposit found and confirmed.' });
    const details = (await get(owner, `/api/bo/players/details?id=${p.memberId}`)).json().value;
    expect(details.notes.map((n: { author: string }) => n.author)).toEqual(['finance', 'support']);
    const empty = await post(support, '/api/bo/players/notes', { id: p.memberId, body: '   ' });
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.body' });
    expect((await auditOf(p.memberId)).map((r) => `${r.actor} ${r.action}`)).toEqual([
      'support member.note',
      'finance member.note',
    ]);
    const { db } = t.database;
    await expect(sql`UPDATE member_note SET body = 'changed'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM member_note`.execute(db)).rejects.toThrow(/append-only/);
  });
});

describe('payment password reset', () => {
  it('clears it so the player sets a new one without the old, and is audited', async () => {
    const p = await newPlayer(t, { balance: 1_000n, paymentPassword: 'OldPay123' });
    const setPin = () => asPlayer(t, p).post('/api/cashier/payment-password', { newPassword: 'NewPay987' });
    expect((await setPin()).json().code).toBe('WRONG_PAYMENT_PASSWORD');
    const res = await post(support, '/api/bo/players/reset-payment-password', { id: p.memberId });
    expect(res.json().value).toEqual({ hadPaymentPassword: true });
    const set = await setPin();
    expect(set.statusCode, set.body).toBe(200);
    expect(await auditOf(p.memberId)).toEqual([
      {
        actor: 'support',
        action: 'member.resetPaymentPassword',
        before: { hasPaymentPassword: true },
        after: { hasPaymentPassword: false },
      },
    ]);
  });

  it('is not a finance tool', async () => {
    const p = await newPlayer(t, { balance: 1_000n });
    const res = await post(finance, '/api/bo/players/reset-payment-password', { id: p.memberId });
    expect(res.json().code).toBe('STAFF_FORBIDDEN');
  });
});

describe('moving a member below another agent', () => {
  const overview = async (agent: TreeMember) =>
    (await asPlayer(t, agent).get('/api/agent/overview?period=today')).json().value;

  it('moves the whole subtree; the closure and both agents’ team reports follow; audited', async () => {
    const a = await newTreeMember(t, null, { type: 1 });
    const b = await newTreeMember(t, null, { type: 1 });
    const sub = await newTreeMember(t, a, { type: 2, balance: 2_000n });
    const p = await newTreeMember(t, sub, { balance: 5_000n });
    expect((await overview(a)).team.deposits).toBe('7000');
    expect((await overview(b)).team.deposits).toBe('0');

    const res = await post(owner, '/api/bo/players/move', { id: sub.memberId, uplineAccount: b.account });
    expect(res.json().value).toEqual({ memberId: sub.memberId, uplineId: b.memberId, changed: true });
    expect((await overview(a)).team.deposits).toBe('0');
    expect((await overview(b)).team.deposits).toBe('7000');
    const chain = (await get(owner, `/api/bo/players/details?id=${p.memberId}`)).json().value.uplines;
    expect(chain.map((u: { account: string }) => u.account)).toEqual([sub.account, b.account]);
    const closure = await t.database.db
      .selectFrom('memberTree')
      .select(['ancestorId', 'depth'])
      .where('descendantId', '=', p.memberId)
      .orderBy('depth')
      .execute();
    expect(closure).toEqual([
      { ancestorId: p.memberId, depth: 0 },
      { ancestorId: sub.memberId, depth: 1 },
      { ancestorId: b.memberId, depth: 2 },
    ]);
    expect(await auditOf(sub.memberId)).toEqual([
      {
        actor: 'owner',
        action: 'member.move',
        before: { uplineId: a.memberId },
        after: { uplineId: b.memberId },
      },
    ]);
  });

  it('refuses a move into the member’s own subtree, below itself and below a player, and changes nothing', async () => {
    const a = await newTreeMember(t, null, { type: 1 });
    const sub = await newTreeMember(t, a, { type: 2 });
    const player = await newTreeMember(t, sub);
    const intoOwn = await post(owner, '/api/bo/players/move', { id: a.memberId, uplineAccount: sub.account });
    expect(intoOwn.json()).toMatchObject({ code: 'UPLINE_IN_OWN_DOWNLINE', field: 'body.uplineAccount' });
    const self = await post(owner, '/api/bo/players/move', { id: sub.memberId, uplineAccount: sub.account });
    expect(self.json().code).toBe('UPLINE_IN_OWN_DOWNLINE');
    const belowPlayer = await post(owner, '/api/bo/players/move', {
      id: sub.memberId,
      uplineAccount: player.account,
    });
    expect(belowPlayer.json().code).toBe('UPLINE_NOT_AGENT');
    const unknown = await post(owner, '/api/bo/players/move', { id: sub.memberId, uplineAccount: 'nobody-here' });
    expect(unknown.json().code).toBe('MEMBER_NOT_FOUND');
    const rows = await t.database.db
      .selectFrom('memberTree')
      .select(['ancestorId', 'depth'])
      .where('descendantId', '=', player.memberId)
      .orderBy('depth')
      .execute();
    expect(rows.map((r) => r.ancestorId)).toEqual([player.memberId, sub.memberId, a.memberId]);
    expect(await auditOf(a.memberId)).toEqual([]);
    expect(await auditOf(sub.memberId)).toEqual([]);
  });

  it('is for owners and admins only', async () => {
    const a = await newTreeMember(t, null, { type: 1 });
    const p = await newTreeMember(t, null);
    const res = await post(support, '/api/bo/players/move', { id: p.memberId, uplineAccount: a.account });
    expect(res.json().code).toBe('STAFF_FORBIDDEN');
    const m = await t.database.db
      .selectFrom('member')
      .select('uplineId')
      .where('id', '=', p.memberId)
      .executeTakeFirst();
    expect(m?.uplineId).toBeNull();
  });
});

describe('changing the member type', () => {
  it('makes a player an agent and back; an agent with a downline stays one; a trial account keeps its type', async () => {
    const p = await newTreeMember(t, null);
    const up = await post(owner, '/api/bo/players/type', { id: p.memberId, type: 1 });
    expect(up.json().value).toEqual({ type: 1, changed: true });
    const child = await newTreeMember(t, { ...p, type: 1 });
    const down = await post(owner, '/api/bo/players/type', { id: p.memberId, type: 0 });
    expect(down.json()).toMatchObject({ code: 'MEMBER_HAS_DOWNLINE', field: 'body.type' });
    await post(owner, '/api/bo/players/move', {
      id: child.memberId,
      uplineAccount: (await newTreeMember(t, null, { type: 1 })).account,
    });
    expect((await post(owner, '/api/bo/players/type', { id: p.memberId, type: 0 })).json().value).toEqual({
      type: 0,
      changed: true,
    });
    const toTrial = await post(owner, '/api/bo/players/type', { id: p.memberId, type: 4 });
    expect(toTrial.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.type' });
    const trial = await newTreeMember(t, null, { type: 4 });
    expect((await post(owner, '/api/bo/players/type', { id: trial.memberId, type: 0 })).json().code).toBe(
      'MEMBER_TYPE_FIXED',
    );
    expect((await auditOf(p.memberId)).filter((r) => r.action === 'member.type')).toEqual([
      { actor: 'owner', action: 'member.type', before: { type: 0 }, after: { type: 1 } },
      { actor: 'owner', action: 'member.type', before: { type: 1 }, after: { type: 0 } },
    ]);
  });
});
