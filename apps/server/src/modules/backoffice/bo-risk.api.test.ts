import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveBotCheck } from '../../../test/auth-helpers.ts';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { createOwner, enrolStaff, staffWithRole, type StaffClient } from '../../../test/staff-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { newPlayer } from '../wallet/cashier.test-helpers.ts';
import { playRound, registerTestVendor } from './bo.test-helpers.ts';

let t: TestApp;
let owner: StaffClient;
let risk: StaffClient;
let support: StaffClient;
const now = () => new Date();
const PASSWORD = 'Risk1234';

beforeAll(async () => {
  // The new-address check on, as on a real site (the test default leaves it off).
  t = await startTestApp({ RATE_LIMIT_SCALE: '100' }, undefined, { newIpVerification: true });
  await createOwner(t);
  owner = await enrolStaff(t.app, 'owner', now);
  risk = await staffWithRole(t, owner, 'risk', now);
  support = await staffWithRole(t, owner, 'support', now);
});
afterAll(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

const get = (who: StaffClient, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

/** A password sign-in of the web app from an address, with the browser's device id header when given. */
async function signIn(account: string, ip: string, deviceId?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login-v2',
    remoteAddress: ip,
    headers: deviceId ? { 'x-device-id': deviceId } : {},
    payload: { type: 'username', username: account, password: PASSWORD, bot: await solveBotCheck(t.app) },
  });
}
const randomIp = () => `198.18.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}`;

describe('members sharing a value', () => {
  it('groups two members with the same bank account, however its number and bank are written', async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    const c = await newPlayer(t);
    const digits = `9${randomBytes(5).readUIntBE(0, 5)}`;
    const spaced = `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
    await t.database.db
      .insertInto('bankAccount')
      .values([
        { memberId: a.memberId, payeeName: 'Kim A', bankName: 'KB Bank', accountNumber: spaced },
        { memberId: b.memberId, payeeName: 'Kim B', bankName: ' kb bank', accountNumber: digits },
        // The same number at another bank is another account.
        { memberId: c.memberId, payeeName: 'Kim C', bankName: 'Shinhan', accountNumber: digits },
      ])
      .execute();
    const res = await get(risk, `/api/bo/risk/shared?kind=BANK&q=${digits}`);
    expect(res.statusCode, res.body).toBe(200);
    const { clusters, total } = res.json().value;
    expect(total).toBe(1);
    expect(clusters[0]).toMatchObject({ kind: 'BANK', memberCount: 2, value: `KB Bank · ${digits}` });
    expect(clusters[0].members.map((m: { account: string }) => m.account).sort()).toEqual(
      [a.account, b.account].sort(),
    );
  });

  it('groups members who signed in from one address, and from one browser', async () => {
    const a = await newPlayer(t, { password: PASSWORD });
    const b = await newPlayer(t, { password: PASSWORD });
    const lone = await newPlayer(t, { password: PASSWORD });
    const ip = randomIp();
    const device = randomBytes(16).toString('hex');
    expect((await signIn(a.account, ip, device)).statusCode).toBe(200);
    expect((await signIn(b.account, ip, device)).statusCode).toBe(200);
    // A malformed device id is ignored, never refused.
    expect((await signIn(lone.account, randomIp(), 'not a device id!')).statusCode).toBe(200);

    const byIp = (await get(risk, `/api/bo/risk/shared?kind=IP&q=${ip}`)).json().value;
    expect(byIp.clusters).toHaveLength(1);
    expect(byIp.clusters[0]).toMatchObject({ value: ip, memberCount: 2 });
    const byDevice = (await get(risk, `/api/bo/risk/shared?kind=DEVICE&q=${device}`)).json().value;
    expect(byDevice.clusters[0]).toMatchObject({ value: device, memberCount: 2 });
    expect(byDevice.clusters[0].members.map((m: { id: string }) => m.id).sort()).toEqual(
      [a.memberId, b.memberId].sort(),
    );
    const loneDevices = await t.database.db
      .selectFrom('memberDevice')
      .select('deviceId')
      .where('memberId', '=', lone.memberId)
      .execute();
    expect(loneDevices).toEqual([]);
  });

  it('pages the clusters on the server, largest first', async () => {
    const ip = randomIp();
    for (let i = 0; i < 3; i++) {
      const p = await newPlayer(t, { password: PASSWORD });
      expect((await signIn(p.account, ip)).statusCode).toBe(200);
    }
    const first = (await get(risk, '/api/bo/risk/shared?kind=IP&pageSize=1&page=0')).json().value;
    expect(first.clusters).toHaveLength(1);
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(first.clusters[0]).toMatchObject({ value: ip, memberCount: 3 });
    const second = (await get(risk, '/api/bo/risk/shared?kind=IP&pageSize=1&page=1')).json().value;
    expect(second.clusters[0].value).not.toBe(ip);
  });
});

describe('large wins', () => {
  it('lists wins at or above the threshold with their round bet, the largest first', async () => {
    const vendor = await registerTestVendor(t, `risk${randomBytes(3).toString('hex')}`);
    const p = await newPlayer(t, { balance: 10_000_000n });
    const big = await playRound(t, vendor, p.memberId, '10000', '5000000');
    const bigger = await playRound(t, vendor, p.memberId, '20000', '7000000');
    await playRound(t, vendor, p.memberId, '1000', '900');
    const res = await get(risk, '/api/bo/risk/large-wins?minWin=5000000');
    expect(res.statusCode, res.body).toBe(200);
    const mine = res
      .json()
      .value.wins.filter((w: { memberId: string }) => w.memberId === p.memberId)
      .map((w: { roundId: string; win: string; bet: string; memberAccount: string }) => [w.roundId, w.win, w.bet]);
    expect(mine).toEqual([
      [bigger.roundId, '7000000', '20000'],
      [big.roundId, '5000000', '10000'],
    ]);
    const above = (await get(risk, '/api/bo/risk/large-wins?minWin=6000000')).json().value;
    expect(above.wins.some((w: { roundId: string }) => w.roundId === big.roundId)).toBe(false);

    // The totals under the grid add up every matching win, not only the page shown.
    const all = (await get(risk, '/api/bo/risk/large-wins?minWin=5000000&pageSize=100')).json().value;
    const onePage = (await get(risk, '/api/bo/risk/large-wins?minWin=5000000&pageSize=1')).json().value;
    expect(onePage.wins).toHaveLength(1);
    expect(onePage.totals).toEqual(all.totals);
    const sum = (k: 'win' | 'bet') =>
      String(all.wins.reduce((n: bigint, w: { win: string; bet: string }) => n + BigInt(w[k]), 0n));
    expect(all.totals).toEqual([{ currency: 'KRW', count: all.total, win: sum('win'), bet: sum('bet') }]);
  });

  it('refuses a bad threshold or range with a clear error', async () => {
    expect((await get(risk, '/api/bo/risk/large-wins?minWin=-5')).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'querystring.minWin',
    });
    expect((await get(risk, '/api/bo/risk/large-wins?from=2026-11-20&to=2026-11-10')).json().code).toBe(
      'DATE_RANGE_INVALID',
    );
    expect((await get(risk, '/api/bo/risk/shared?kind=PHONE')).json().code).toBe('VALIDATION_FAILED');
  });
});

describe('new-address sign-ins', () => {
  it('lists the check a sign-in from a new address asked for, and how it ended', async () => {
    const p = await newPlayer(t, { password: PASSWORD, email: `${randomBytes(4).toString('hex')}@example.com` });
    const home = randomIp();
    expect((await signIn(p.account, home)).statusCode).toBe(200);
    const away = randomIp();
    const second = await signIn(p.account, away);
    expect(second.json().code).toBe('NEW_IP_VERIFICATION_REQUIRED');
    const res = await get(risk, `/api/bo/risk/new-address-sign-ins?account=${p.account}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.events).toEqual([
      expect.objectContaining({
        memberId: p.memberId,
        memberAccount: p.account,
        ip: away,
        method: 'EMAIL',
        state: 'PENDING',
        verifiedAt: null,
      }),
    ]);
  });
});

describe('who may look', () => {
  it('admits risk, admins and owners; refuses support', async () => {
    expect((await get(support, '/api/bo/risk/shared?kind=IP')).json().code).toBe('STAFF_FORBIDDEN');
    expect((await get(owner, '/api/bo/risk/shared?kind=IP')).statusCode).toBe(200);
  });
});
