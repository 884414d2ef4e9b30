import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../test/auth-helpers.ts';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { staffPost, staffTeam, type StaffClient } from '../../../test/staff-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { asPlayer, mainBalance, newPlayer } from '../wallet/cashier.test-helpers.ts';

let t: TestApp;
let owner: StaffClient;
let finance: StaffClient;
let support: StaffClient;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SCALE: '100', BO_ADJUSTMENT_APPROVAL_ABOVE: '100000' });
  ({ owner, finance, support } = await staffTeam(t, ['finance', 'support']));
});
afterAll(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

const post = (who: StaffClient, url: string, payload: object) => staffPost(t, who, url, payload);

describe('balance adjustments', () => {
  it('applies one up to the threshold at once, against the house adjustment account', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    const res = await post(finance, '/api/bo/adjustments', {
      memberId: p.memberId,
      amount: '100000',
      reason: 'Goodwill',
    });
    expect(res.json().value).toMatchObject({ status: 'APPLIED', createdBy: 'finance', decidedBy: 'finance' });
    expect(await mainBalance(t, p.memberId)).toBe(110_000n);
    const debit = await post(finance, '/api/bo/adjustments', { memberId: p.memberId, amount: '-500', reason: 'Fix' });
    expect(debit.json().value.status).toBe('APPLIED');
    expect(await mainBalance(t, p.memberId)).toBe(109_500n);
  });

  it('keeps one above the threshold waiting; its creator cannot approve it, a second approver can', async () => {
    const p = await newPlayer(t, { balance: 0n });
    const res = await post(finance, '/api/bo/adjustments', { memberId: p.memberId, amount: '250000', reason: 'Bonus' });
    const adj = res.json().value;
    expect(adj.status).toBe('PENDING');
    expect(await mainBalance(t, p.memberId)).toBe(0n);
    const self = await post(finance, '/api/bo/adjustments/decide', { id: adj.id, decision: 'APPLIED' });
    expect(self.json().code).toBe('ADJUSTMENT_SELF_APPROVAL');
    expect(await mainBalance(t, p.memberId)).toBe(0n);
    const bySupport = await post(support, '/api/bo/adjustments/decide', { id: adj.id, decision: 'APPLIED' });
    expect(bySupport.json().code).toBe('STAFF_FORBIDDEN');
    const approved = await post(owner, '/api/bo/adjustments/decide', { id: adj.id, decision: 'APPLIED' });
    expect(approved.json().value).toMatchObject({ status: 'APPLIED', createdBy: 'finance', decidedBy: 'owner' });
    expect(await mainBalance(t, p.memberId)).toBe(250_000n);
    const again = await post(owner, '/api/bo/adjustments/decide', { id: adj.id, decision: 'APPLIED' });
    expect(again.json().code).toBe('ADJUSTMENT_NOT_PENDING');
    expect(await mainBalance(t, p.memberId)).toBe(250_000n);
    const trail = await t.database.db
      .selectFrom('staffAudit')
      .select(['actor', 'action'])
      .where('target', '=', `member:${p.memberId}`)
      .orderBy('id')
      .execute();
    expect(trail).toEqual([
      { actor: 'finance', action: 'adjustment.request' },
      { actor: 'owner', action: 'adjustment.approve' },
    ]);
  });

  it('refuses a debit below zero and writes nothing', async () => {
    const p = await newPlayer(t, { balance: 100n });
    const res = await post(finance, '/api/bo/adjustments', {
      memberId: p.memberId,
      amount: '-200',
      reason: 'Too much',
    });
    expect(res.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
    const rows = await t.database.db
      .selectFrom('balanceAdjustment')
      .select('id')
      .where('memberId', '=', p.memberId)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('player tools', () => {
  it('locks a player (their session ends, sign-in refused) and unlocks them, each audited', async () => {
    const p = await newPlayer(t, { password: 'Play1234' });
    const found = await t.app.inject({ url: `/api/bo/players?q=${p.account}`, headers: support.headers });
    expect(found.json().value.players.map((x: { id: string }) => x.id)).toEqual([p.memberId]);
    const lock = await post(support, '/api/bo/players/status', { id: p.memberId, status: 'DISABLED' });
    expect(lock.json().value).toEqual({ changed: true, status: 'DISABLED' });
    expect((await asPlayer(t, p).get('/api/wallet/balance')).statusCode).toBe(401);
    const profile = await t.app.inject({ url: `/api/bo/players/profile?id=${p.memberId}`, headers: support.headers });
    expect(profile.json().value.player.status).toBe('DISABLED');
    expect(profile.json().value.sessions[0].live).toBe(false);
    await post(support, '/api/bo/players/status', { id: p.memberId, status: 'ACTIVE' });
    const trail = await t.app.inject({ url: `/api/bo/audit?target=member:${p.memberId}`, headers: owner.headers });
    expect(trail.json().value.entries.map((e: { action: string }) => e.action)).toEqual([
      'member.unlock',
      'member.lock',
    ]);
  });

  it('forces a password change: the player is signed out and must choose a new password at the next sign-in', async () => {
    const p = await newPlayer(t, { password: 'Play1234' });
    const res = await post(support, '/api/bo/players/force-password-change', { id: p.memberId });
    expect(res.statusCode).toBe(200);
    expect((await asPlayer(t, p).get('/api/wallet/balance')).statusCode).toBe(401);
    const profile = await t.app.inject({ url: `/api/bo/players/profile?id=${p.memberId}`, headers: support.headers });
    expect(profile.json().value.player.passwordChangeForced).toBe(true);
    const signIn = await loginAs(t.app, p.account, 'Play1234');
    expect(signIn.json().value).toMatchObject({ mustChangePassword: true });
  });
});
