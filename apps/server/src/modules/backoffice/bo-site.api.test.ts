import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, staffPost, staffTeam, type StaffClient } from '../../../test/staff-helpers.ts';
import { asOperator, startTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: StaffClient;
let finance: StaffClient;
let support: StaffClient;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SCALE: '100' });
  ({ admin, finance, support } = await staffTeam(t, ['admin', 'finance', 'support']));
});
afterAll(async () => t?.close());

const post = (who: StaffClient, url: string, payload: object) => staffPost(t, who, url, payload);
const trail = (target: string) => auditTrail(t, target);

describe('site switches in the back office', () => {
  it('puts the site under maintenance for players (not for the console) and back, audited with before and after', async () => {
    const on = await post(admin, '/api/bo/site/maintenance', { enabled: true, title: 'Upgrade', info: 'Back soon' });
    expect(on.json().value).toMatchObject({ enabled: true, title: 'Upgrade' });
    expect((await t.app.inject({ url: '/api/system/status' })).json().value).toMatchObject({ maintenance: true });
    expect(
      (await t.app.inject({ url: '/api/bo/site', headers: admin.headers })).json().value.maintenance,
    ).toMatchObject({
      enabled: true,
    });
    await post(admin, '/api/bo/site/maintenance', { enabled: false });
    expect((await t.app.inject({ url: '/api/system/status' })).json().value).toMatchObject({ maintenance: false });
    const rows = await trail('site:maintenance');
    expect(
      rows.map((r) => [r.actor, (r.before as { enabled: boolean }).enabled, (r.after as { enabled: boolean }).enabled]),
    ).toEqual([
      ['admin', false, true],
      ['admin', true, false],
    ]);
  });

  it('refuses a bad IP range with the operator command’s rule and changes nothing', async () => {
    const res = await post(admin, '/api/bo/site/region-restriction', {
      enabled: true,
      ipRanges: ['10.0.0.0/8', 'nope'],
    });
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.ipRanges.1' });
    const ops = (await t.app.inject({ url: '/api/ops/status', headers: asOperator })).json().value;
    expect(ops.regionRestriction.enabled).toBe(false);
    expect(await trail('site:region_restriction')).toEqual([]);
    const ok = await post(admin, '/api/bo/site/region-restriction', { enabled: true, countries: ['KP'] });
    expect(ok.json().value).toMatchObject({ enabled: true, countries: ['KP'] });
    await post(admin, '/api/bo/site/region-restriction', { enabled: false });
  });

  it('switches a module off and on; an unknown module changes nothing', async () => {
    const modules = (await t.app.inject({ url: '/api/bo/site', headers: admin.headers })).json().value.modules;
    const modId = modules[0].modId as string;
    expect((await post(admin, '/api/bo/site/module', { modId, enabled: false })).json().value).toEqual({
      modId,
      enabled: false,
    });
    await post(admin, '/api/bo/site/module', { modId, enabled: true });
    expect((await post(admin, '/api/bo/site/module', { modId: 'NO_SUCH', enabled: false })).json().code).toBe(
      'NOT_FOUND',
    );
    expect((await trail(`module:${modId}`)).map((r) => (r.after as { enabled: boolean }).enabled)).toEqual([
      false,
      true,
    ]);
  });

  it('is refused to support and finance', async () => {
    for (const who of [support, finance]) {
      expect((await t.app.inject({ url: '/api/bo/site', headers: who.headers })).json().code).toBe('STAFF_FORBIDDEN');
      expect((await post(who, '/api/bo/site/maintenance', { enabled: true })).json().code).toBe('STAFF_FORBIDDEN');
    }
  });
});

describe('cashier settings in the back office', () => {
  it('sets a deposit method and the withdrawal policy with the operator command’s rules, audited', async () => {
    const settings = (await t.app.inject({ url: '/api/bo/cashier/settings', headers: finance.headers })).json().value;
    const code = settings.methods[0].code as string;
    const set = await post(finance, '/api/bo/cashier/payment-method', { code, minAmount: '5000', enabled: true });
    expect(set.json().value).toMatchObject({ code, minAmount: '5000' });
    const bad = await post(finance, '/api/bo/cashier/payment-method', { code, minAmount: '999999999999' });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.minAmount' });
    const policy = await post(finance, '/api/bo/cashier/withdrawal-policy', { autoReceiptMinutes: 90 });
    expect(policy.json().value).toMatchObject({ autoReceiptMinutes: 90 });
    const ops = (await t.app.inject({ url: '/api/ops/cashier', headers: asOperator })).json().value;
    expect(ops.withdrawalPolicy.autoReceiptMinutes).toBe(90);
    expect(ops.methods.find((m: { code: string }) => m.code === code).minAmount).toBe('5000');
    expect((await trail(`paymentMethod:${code}`)).map((r) => r.action)).toEqual(['cashier.paymentMethod']);
    expect((await trail('site:cashier')).at(-1)).toMatchObject({
      actor: 'finance',
      before: expect.objectContaining({ autoReceiptMinutes: 60 }),
      after: expect.objectContaining({ autoReceiptMinutes: 90 }),
    });
    expect((await post(support, '/api/bo/cashier/withdrawal-policy', { autoReceiptMinutes: 10 })).json().code).toBe(
      'STAFF_FORBIDDEN',
    );
  });
});
