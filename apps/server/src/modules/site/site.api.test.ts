import { decryptCustomerServiceUrl } from '@portal/contracts/site/customer-service-cipher.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asOperator, setModule, startTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ COUNTRY_HEADER: 'cf-ipcountry' });
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const put = (url: string, payload: unknown, headers: Record<string, string> = asOperator) =>
  t.app.inject({ method: 'PUT', url, payload: payload as object, headers });
const status = async (headers: Record<string, string> = {}) => (await get('/api/system/status', headers)).json().value;

describe('system status and the operator switches', () => {
  beforeEach(async () => {
    await put('/api/ops/maintenance', { enabled: false });
    await put('/api/ops/region-restriction', { enabled: false });
  });

  it('answers status 0 with the visitor IP when nothing is switched on', async () => {
    const res = await get('/api/system/status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: '',
      value: {
        status: 0,
        maintenance: false,
        regionRestriction: false,
        maintenanceInfo: null,
        location: { ip: '127.0.0.1', country: null },
      },
    });
  });

  it('shows maintenance at once after the operator switches it on, with title, info and end time', async () => {
    const endTime = '2026-12-01T06:00:00+09:00';
    const res = await put('/api/ops/maintenance', { enabled: true, title: 'Upgrade', info: 'Back soon', endTime });
    expect(res.statusCode).toBe(200);
    const s = await status();
    expect(s.status).toBe(1);
    expect(s.maintenanceInfo).toEqual({ title: 'Upgrade', info: 'Back soon', endTime });
  });

  it('blocks a visitor whose address is inside a blocked range and lets others in', async () => {
    await put('/api/ops/region-restriction', { enabled: true, ipRanges: ['127.0.0.0/8'] });
    expect((await status()).status).toBe(2);
    await put('/api/ops/region-restriction', { enabled: true, ipRanges: ['10.0.0.0/8', '2001:db8::/32'] });
    expect((await status()).status).toBe(0);
  });

  it('blocks a visitor from a blocked country as told by the CDN header', async () => {
    await put('/api/ops/region-restriction', { enabled: true, countries: ['KP'] });
    expect((await status({ 'cf-ipcountry': 'kp' })).status).toBe(2);
    expect((await status({ 'cf-ipcountry': 'KR' })).status).toBe(0);
  });

  it('lets maintenance take precedence over region restriction', async () => {
    await put('/api/ops/region-restriction', { enabled: true, ipRanges: ['127.0.0.1'] });
    await put('/api/ops/maintenance', { enabled: true, title: 'Both', info: '' });
    const s = await status();
    expect(s.status).toBe(1);
    expect(s.regionRestriction).toBe(true);
  });

  it('refuses player calls during maintenance while the root-view calls still answer', async () => {
    await put('/api/ops/maintenance', { enabled: true, title: 'Down', info: '' });
    const refused = await get('/api/site/country-codes');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ success: false, code: 'SYSTEM_MAINTENANCE' });
    expect((await get('/api/site/permission')).statusCode).toBe(200);
    expect((await get('/api/site/icon')).statusCode).toBe(200);
  });

  it('refuses player calls from a blocked region', async () => {
    await put('/api/ops/region-restriction', { enabled: true, ipRanges: ['127.0.0.1/32'] });
    const res = await get('/api/games/vendors');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('REGION_RESTRICTED');
  });

  it('refuses operator calls without a key or with a wrong one, and changes nothing', async () => {
    const none = await put('/api/ops/maintenance', { enabled: true }, {});
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('OPERATOR_KEY_REQUIRED');
    const wrong = await put('/api/ops/maintenance', { enabled: true }, { 'x-operator-key': 'guess-guess-guess' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('OPERATOR_KEY_INVALID');
    expect((await status()).status).toBe(0);
  });

  it('rejects an invalid IP range or country with the field named, and changes nothing', async () => {
    const badRange = await put('/api/ops/region-restriction', { enabled: true, ipRanges: ['10.0.0.0/8', '999.1.1.1'] });
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.ipRanges.1' });
    const badCountry = await put('/api/ops/region-restriction', { enabled: true, countries: ['Korea'] });
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json().field).toBe('body.countries.0');
    const badTime = await put('/api/ops/maintenance', { enabled: true, endTime: 'tomorrow' });
    expect(badTime.json().field).toBe('body.endTime');
    const ops = (await get('/api/ops/status', asOperator)).json().value;
    expect(ops.regionRestriction.enabled).toBe(false);
    expect(ops.maintenance.enabled).toBe(false);
  });
});

describe('public site configuration', () => {
  it('lists only the resources that exist and only the enabled languages', async () => {
    const p = (await get('/api/site/permission')).json().value;
    const types = p.resources.map((r: { resourceType: string }) => r.resourceType);
    expect(types).toEqual(
      expect.arrayContaining(['FACEBOOK', 'YOUTUBE', 'TELEGRAM', 'KAKAOTALK', 'APP_IOS', 'APP_ANDROID']),
    );
    expect(types).not.toContain('TWITTER');
    expect(types).not.toContain('APP_IOS_LITE');
    expect(p.languages.map((l: { code: string }) => l.code)).toEqual(['ko', 'en']);
    expect(p.whitelabel).toMatchObject({
      siteName: 'Aurora Play',
      copyrightYear: 2023,
      ageLimit: 18,
      defaultLanguage: 'ko',
    });
    expect(p.register).toEqual({ direct: true, mobile: true });
  });

  it('sends the customer-service link encrypted, readable with its 8-character suffix', async () => {
    const p = (await get('/api/site/permission')).json().value;
    expect(p.customerService).not.toContain('livechat');
    expect(await decryptCustomerServiceUrl(p.customerService)).toBe('/livechat');
  });

  it('turns a feature flag off when its parent module is off', async () => {
    const before = (await get('/api/site/whitelabel-menu')).json().value;
    expect(before.flags.CHNGPASSVERIF3).toBe(true);
    expect(before.modules[0].modId).toBe('SITE');
    await setModule(t, 'PASSWORD', false);
    const after = (await get('/api/site/whitelabel-menu')).json().value;
    expect(after.flags.CHNGPASSVERIF3).toBe(false);
    expect(after.flags.CHNGPASSMAIL3).toBe(false);
    expect(after.flags.SMS_LOGIN).toBe(true);
    await setModule(t, 'PASSWORD', true);
  });

  it('lets only the operator switch a module, and refuses a module that does not exist', async () => {
    const anon = await put('/api/ops/module', { modId: 'FREE_PLAY', enabled: false }, {});
    expect(anon.statusCode).toBe(401);
    const unknown = await put('/api/ops/module', { modId: 'NO_SUCH_MODULE', enabled: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().field).toBe('body.modId');
    const flags = (await get('/api/site/whitelabel-menu')).json().value.flags;
    expect(flags.FREE_PLAY).toBe(true);
  });

  it('serves registration field rules whose patterns are valid regular expressions', async () => {
    const rules = (await get('/api/member/registration-validation')).json().value as {
      field: string;
      acceptedPattern: string;
      minLength: number | null;
      maxLength: number | null;
    }[];
    const username = rules.find((r) => r.field === 'username');
    expect(username).toMatchObject({
      enabled: true,
      required: true,
      patternId: 'LETTER_FIRST_ALNUM',
      minLength: 4,
      maxLength: 16,
    });
    for (const r of rules)
      if (r.acceptedPattern !== '*') expect(() => new RegExp(r.acceptedPattern, 'u')).not.toThrow();
    expect(rules.find((r) => r.field === 'verificationCode')?.maxLength).toBe(255);
  });

  it('serves country codes, domain routers, registration settings and icons', async () => {
    const countries = (await get('/api/site/country-codes')).json().value;
    expect(countries[0]).toEqual({ countryCode: 'KR', countryDialingCode: '82', name: 'South Korea' });
    const routers = (await get('/api/site/domain-routers')).json().value;
    expect(routers.find((r: { main: boolean }) => r.main)).toMatchObject({ route: 'MEMBER', merchantCode: 'AURORA' });
    const reg = (await get('/api/site/set-register')).json().value;
    expect(reg).toMatchObject({ directRegister: true, mobileRegister: true, minimumAge: 18 });
    const icon = (await get('/api/site/icon')).json().value;
    expect(icon.logoUrl).toBe('/assets/brand/logo.svg');
  });

  it('groups vendors in lanes by category, a vendor appearing in each of its categories', async () => {
    const { lanes } = (await get('/api/games/vendors')).json().value;
    const lane = (title: string) => lanes.find((l: { title: string }) => l.title === title);
    expect(lane('RNG').cards.map((c: { vendorId: string }) => c.vendorId)).toEqual(['HOUSE', 'VAULT']);
    expect(lane('LOTT').cards[0]).toMatchObject({ vendorId: 'TCG_LOTTO', isGame: 'VASSALAGE', status: 'COMING' });
    expect(lanes.every((l: { cards: unknown[] }) => l.cards.length > 0)).toBe(true);
  });
});

describe('announcements', () => {
  it('answers in the asked language and falls back to the default one', async () => {
    const en = (await get('/api/content/announcements?language=en')).json().value;
    expect(en.notices[0].title).toBe('Aurora Play is open');
    expect(en.banners.every((b: { groupName: string }) => b.groupName === 'w_home')).toBe(true);
    const unknown = (await get('/api/content/announcements?language=xx')).json().value;
    expect(unknown.notices[0].title).toBe('오로라 플레이 오픈');
  });

  it('gives each banner its words as text and its art per width: the wide art and a phone crop', async () => {
    const en = (await get('/api/content/announcements?types=B&language=en')).json().value;
    expect(en.banners[0]).toMatchObject({
      subtitle: 'New members',
      title: 'Welcome bonus 100%',
      ctaLabel: 'Claim now',
      imageUrl: '/assets/banners/welcome.svg',
      mobileImageUrl: '/assets/banners/welcome-mobile.svg',
    });
    const ko = (await get('/api/content/announcements?types=B&language=ko')).json().value;
    expect(ko.banners.map((b: { ctaLabel: string }) => b.ctaLabel)).toEqual(['지금 받기', '지금 스핀', '테이블 입장']);
  });

  it('returns only the asked types and the popups of the asked execution', async () => {
    const v = (await get('/api/content/announcements?types=PU&execution=A&language=en')).json().value;
    expect(v.banners).toEqual([]);
    expect(v.notices).toEqual([]);
    expect(v.popups.map((p: { execution: string }) => p.execution)).toEqual(['A']);
  });
});
