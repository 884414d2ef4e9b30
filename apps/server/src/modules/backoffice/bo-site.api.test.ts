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

describe('registration field rules, languages and links in the back office', () => {
  const settings = async () => (await t.app.inject({ url: '/api/bo/site', headers: admin.headers })).json().value;
  const publicRule = async (field: string) =>
    ((await t.app.inject({ url: '/api/member/registration-validation' })).json().value as { field: string }[]).find(
      (r) => r.field === field,
    );

  it('shows a field and makes it required with a pattern from the catalogue; the registration form’s rules follow, audited', async () => {
    expect((await settings()).fieldRules.find((r: { field: string }) => r.field === 'fullname')).toMatchObject({
      enabled: false,
      required: false,
    });
    const res = await post(admin, '/api/bo/site/field-rule', {
      field: 'fullname',
      enabled: true,
      required: true,
      patternId: 'LETTERS_SPACES',
      minLength: 4,
      maxLength: 40,
    });
    expect(res.json().value).toEqual({
      field: 'fullname',
      enabled: true,
      required: true,
      patternId: 'LETTERS_SPACES',
      minLength: 4,
      maxLength: 40,
    });
    expect(await publicRule('fullname')).toMatchObject({
      enabled: true,
      required: true,
      patternId: 'LETTERS_SPACES',
      acceptedPattern: '^[A-Za-z ]+$',
      minLength: 4,
      maxLength: 40,
    });
    // Turned off again, it cannot stay required.
    const off = await post(admin, '/api/bo/site/field-rule', { field: 'fullname', enabled: false });
    expect(off.json().value).toMatchObject({ enabled: false, required: false });
    expect((await trail('fieldRule:fullname')).map((r) => [r.actor, r.before, r.after])).toEqual([
      [
        'admin',
        expect.objectContaining({ enabled: false, patternId: 'FULLNAME_SPACE' }),
        expect.objectContaining({ enabled: true, patternId: 'LETTERS_SPACES' }),
      ],
      [
        'admin',
        expect.objectContaining({ enabled: true }),
        expect.objectContaining({ enabled: false, required: false }),
      ],
    ]);
  });

  it('refuses to hide or free the always-required fields, reversed lengths, unknown fields and patterns, changing nothing', async () => {
    const before = await t.app.inject({ url: '/api/member/registration-validation' });
    const refusals: [object, string, string][] = [
      [{ field: 'username', enabled: false }, 'SITE_FIELD_ALWAYS_ON', 'body.enabled'],
      [{ field: 'password', required: false }, 'SITE_FIELD_ALWAYS_ON', 'body.required'],
      [{ field: 'email', minLength: 30, maxLength: 10 }, 'VALIDATION_FAILED', 'body.minLength'],
      [{ field: 'email', maxLength: 2 }, 'VALIDATION_FAILED', 'body.maxLength'],
      [{ field: 'email', maxLength: 256 }, 'VALIDATION_FAILED', 'body.maxLength'],
      [{ field: 'email', patternId: 'NOT_A_PATTERN' }, 'VALIDATION_FAILED', 'body.patternId'],
      [{ field: 'shoeSize', enabled: true }, 'NOT_FOUND', 'body.field'],
    ];
    for (const [payload, code, field] of refusals)
      expect((await post(admin, '/api/bo/site/field-rule', payload)).json(), JSON.stringify(payload)).toMatchObject({
        code,
        field,
      });
    expect((await t.app.inject({ url: '/api/member/registration-validation' })).body).toBe(before.body);
    expect(await trail('fieldRule:username')).toEqual([]);
    expect(await trail('fieldRule:email')).toEqual([]);
  });

  it('turns a language on and makes it the default; the default cannot be turned off, nor an off language made default', async () => {
    const permission = async () => (await t.app.inject({ url: '/api/site/permission' })).json().value;
    expect((await settings()).defaultLanguage).toBe('ko');
    const on = await post(admin, '/api/bo/site/language', { code: 'zh', enabled: true });
    expect(on.json().value.languages.find((l: { code: string }) => l.code === 'zh').enabled).toBe(true);
    expect((await permission()).languages.map((l: { code: string }) => l.code)).toContain('zh');
    const def = await post(admin, '/api/bo/site/language', { code: 'zh', makeDefault: true });
    expect(def.json().value.defaultLanguage).toBe('zh');
    expect((await permission()).whitelabel.defaultLanguage).toBe('zh');

    expect((await post(admin, '/api/bo/site/language', { code: 'zh', enabled: false })).json()).toMatchObject({
      code: 'SITE_DEFAULT_LANGUAGE_OFF',
    });
    expect((await post(admin, '/api/bo/site/language', { code: 'ja', makeDefault: true })).json()).toMatchObject({
      code: 'SITE_LANGUAGE_NOT_ENABLED',
    });
    expect((await post(admin, '/api/bo/site/language', { code: 'xx', enabled: true })).json().code).toBe('NOT_FOUND');
    expect((await post(admin, '/api/bo/site/language', { code: 'zh' })).json().code).toBe('VALIDATION_FAILED');
    expect((await permission()).whitelabel.defaultLanguage).toBe('zh');
    expect((await permission()).languages.map((l: { code: string }) => l.code)).not.toContain('ja');

    // Back as the site was: Korean the default, Chinese off.
    await post(admin, '/api/bo/site/language', { code: 'ko', makeDefault: true });
    await post(admin, '/api/bo/site/language', { code: 'zh', enabled: false });
    expect((await settings()).defaultLanguage).toBe('ko');
    expect((await trail('language:zh')).map((r) => r.after)).toEqual([
      { code: 'zh', enabled: true, defaultLanguage: 'ko' },
      { code: 'zh', enabled: true, defaultLanguage: 'zh' },
      { code: 'zh', enabled: false, defaultLanguage: 'ko' },
    ]);
  });

  it('never leaves the default language off when two staff change it at once', async () => {
    await post(admin, '/api/bo/site/language', { code: 'zh', enabled: true });
    // One makes Chinese the default while the other turns it off: whichever goes second sees the first.
    const [a, b] = await Promise.all([
      post(admin, '/api/bo/site/language', { code: 'zh', makeDefault: true }),
      post(admin, '/api/bo/site/language', { code: 'zh', enabled: false }),
    ]);
    const s = await settings();
    const zh = s.languages.find((l: { code: string }) => l.code === 'zh');
    expect(s.languages.find((l: { code: string }) => l.code === s.defaultLanguage).enabled).toBe(true);
    // Default first: turning it off is refused. Off first: it cannot become the default.
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect(zh.enabled).toBe(s.defaultLanguage === 'zh');
    if (s.defaultLanguage === 'zh') await post(admin, '/api/bo/site/language', { code: 'ko', makeDefault: true });
    if (zh.enabled) await post(admin, '/api/bo/site/language', { code: 'zh', enabled: false });
  });

  it('sets a site link and the customer-service address the site’s button opens; refuses script and bare words', async () => {
    const link = (await settings()).links.find((l: { resourceType: string }) => l.resourceType === 'TELEGRAM');
    const set = await post(admin, '/api/bo/site/link', { id: link.id, url: 'https://t.me/aurora_support' });
    expect(set.json().value).toMatchObject({ id: link.id, url: 'https://t.me/aurora_support' });
    const permission = (await t.app.inject({ url: '/api/site/permission' })).json().value;
    expect(permission.resources.find((r: { resourceType: string }) => r.resourceType === 'TELEGRAM').url).toBe(
      'https://t.me/aurora_support',
    );
    for (const url of ['javascript:alert(1)', 'not a link', '//evil.example/x', ''])
      expect((await post(admin, '/api/bo/site/link', { id: link.id, url })).json(), url).toMatchObject({
        code: 'SITE_LINK_INVALID',
        field: 'body.url',
      });
    expect((await trail(`link:${link.id}`)).length).toBe(1);

    const cs = await post(admin, '/api/bo/site/customer-service', { url: 'https://chat.example.com/aurora' });
    expect(cs.json().value).toEqual({ url: 'https://chat.example.com/aurora' });
    expect((await settings()).customerServiceUrl).toBe('https://chat.example.com/aurora');
    const { decryptCustomerServiceUrl } = await import('@portal/contracts/site/customer-service-cipher.ts');
    const stored = (await t.app.inject({ url: '/api/site/permission' })).json().value.customerService as string;
    expect(await decryptCustomerServiceUrl(stored)).toBe('https://chat.example.com/aurora');
    expect((await post(admin, '/api/bo/site/customer-service', { url: 'javascript:void(0)' })).json().code).toBe(
      'SITE_LINK_INVALID',
    );
    expect(await trail('site:customer_service')).toEqual([
      {
        actor: 'admin',
        action: 'site.customerService',
        before: { url: '/livechat' },
        after: { url: 'https://chat.example.com/aurora' },
      },
    ]);
    await post(admin, '/api/bo/site/customer-service', { url: '/livechat' });
  });

  it('is refused to support and finance', async () => {
    for (const who of [support, finance])
      for (const [url, payload] of [
        ['/api/bo/site/field-rule', { field: 'email', required: true }],
        ['/api/bo/site/language', { code: 'zh', enabled: true }],
        ['/api/bo/site/link', { id: 1, url: 'https://example.com' }],
        ['/api/bo/site/customer-service', { url: 'https://example.com' }],
      ] as const)
        expect((await post(who, url, payload)).json().code).toBe('STAFF_FORBIDDEN');
  });
});

describe('payment methods’ order and bank details in the back office', () => {
  it('moves a method in the player’s cashier and sets the bank account players pay into, audited', async () => {
    const put = await post(finance, '/api/bo/cashier/payment-method', {
      code: 'BANK_TRANSFER',
      sort: 5,
      receivingAccount: { bankName: 'Shinhan Bank', accountHolder: 'Aurora Play Ltd', accountNumber: '140-013-556677' },
    });
    expect(put.json().value).toMatchObject({
      sort: 5,
      receivingAccount: { bankName: 'Shinhan Bank', accountNumber: '140-013-556677' },
    });
    const { methods } = (await t.app.inject({ url: '/api/bo/cashier/settings', headers: finance.headers })).json()
      .value;
    expect(methods.map((m: { code: string }) => m.code)).toEqual(['ONLINE_GATEWAY', 'BANK_TRANSFER']);
    const audit = (await trail('paymentMethod:BANK_TRANSFER')).at(-1)!;
    expect(audit.before).toMatchObject({ sort: 1, receivingAccount: { bankName: 'Aurora Bank' } });
    expect(audit.after).toMatchObject({ sort: 5, receivingAccount: { bankName: 'Shinhan Bank' } });

    const refused = await post(finance, '/api/bo/cashier/payment-method', {
      code: 'ONLINE_GATEWAY',
      receivingAccount: { bankName: 'X Bank', accountHolder: 'X', accountNumber: '1234-5678' },
    });
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.receivingAccount' });
    const badNumber = await post(finance, '/api/bo/cashier/payment-method', {
      code: 'BANK_TRANSFER',
      receivingAccount: { bankName: 'X Bank', accountHolder: 'X', accountNumber: 'call me' },
    });
    expect(badNumber.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.receivingAccount.accountNumber' });
    await post(finance, '/api/bo/cashier/payment-method', {
      code: 'BANK_TRANSFER',
      sort: 1,
      receivingAccount: { bankName: 'Aurora Bank', accountHolder: 'Aurora Play Ltd', accountNumber: '110-402-889120' },
    });
  });
});
