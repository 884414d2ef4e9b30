import { STAFF_ROLES, type StaffRole } from '@portal/contracts/backoffice/staff.contract.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffWithRole, type StaffClient, startConsole } from '../../../test/staff-helpers.ts';
import { type TestApp } from '../../../test/test-app.ts';
import { newTreeMember } from '../agent/agent.test-helpers.ts';
import { asPlayer } from '../wallet/cashier.test-helpers.ts';

let t: TestApp;
let at = new Date();
const now = () => at;
const clients = new Map<StaffRole, StaffClient>();
const unique = () => Math.random().toString(36).slice(2, 10);

beforeAll(async () => {
  let owner: StaffClient;
  ({ t, owner } = await startConsole(now));
  clients.set('owner', owner);
  for (const role of STAFF_ROLES.filter((r) => r !== 'owner'))
    clients.set(role, await staffWithRole(t, owner, role, now, `content-${role}`));
});
afterAll(async () => t?.close());

const staff = (role: StaffRole) => clients.get(role)!;
const post = (role: StaffRole, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: staff(role).headers, payload });
const feed = async (language = 'en') =>
  (await t.app.inject({ method: 'GET', url: `/api/content/announcements?language=${language}` })).json().value as {
    notices: { id: number; title: string; content: string }[];
    banners: { id: number; title: string; subtitle: string; ctaLabel: string; mobileImageUrl: string | null }[];
    help: { title: string }[];
  };
const notice = (over: object = {}) => ({
  kind: 'PL',
  language: 'en',
  title: `Notice ${unique()}`,
  content: '<p>Deposits are <strong>doubled</strong> today.</p>',
  active: true,
  ...over,
});
const banner = (over: object = {}) => ({
  kind: 'BANNER',
  language: 'en',
  title: `Banner ${unique()}`,
  imageUrl: '/assets/banners/autumn.svg',
  linkageType: 'NONE',
  active: true,
  ...over,
});

describe('content permissions', () => {
  it('lets the content role, owners and admins write content, and refuses finance, support and risk', async () => {
    const outcome: string[] = [];
    for (const role of STAFF_ROLES) {
      const res = await post(role, '/api/bo/content', notice({ title: `By ${role} ${unique()}` }));
      const list = await t.app.inject({ method: 'GET', url: '/api/bo/content?kind=PL', headers: staff(role).headers });
      outcome.push(`${role} write ${res.statusCode} read ${list.statusCode}`);
    }
    expect(outcome).toEqual([
      'owner write 200 read 200',
      'admin write 200 read 200',
      'finance write 403 read 403',
      'support write 403 read 403',
      'content write 200 read 200',
      'risk write 403 read 403',
    ]);
  });

  it('refuses a guest and a member outright', async () => {
    const guest = await t.app.inject({ method: 'POST', url: '/api/bo/content', payload: notice() });
    expect(guest.json().code).toBe('STAFF_NOT_SIGNED_IN');
    const player = await newTreeMember(t, null);
    const asMember = await asPlayer(t, player).post('/api/bo/content', notice());
    expect(asMember.json().code).toBe('STAFF_NOT_SIGNED_IN');
  });
});

describe('publishing content', () => {
  it('shows a published notice to players at once, and records who wrote it in the audit trail', async () => {
    const res = await post('content', '/api/bo/content', notice({ title: 'Weekend maintenance' }));
    const item = res.json().value;
    expect(item).toMatchObject({ kind: 'PL', state: 'LIVE', title: 'Weekend maintenance', audience: 'ALL' });
    expect((await feed()).notices.map((n) => n.title)).toContain('Weekend maintenance');
    const trail = await t.database.db
      .selectFrom('staffAudit')
      .selectAll()
      .where('target', '=', `announcement:${item.id}`)
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actor: 'content-content', action: 'content.create', before: null });
    expect(trail[0]!.after).toMatchObject({ title: 'Weekend maintenance', state: 'LIVE' });
  });

  it('keeps a draft off the player site, and records the before and after of publishing it', async () => {
    const draft = (await post('content', '/api/bo/content', notice({ active: false }))).json().value;
    expect(draft.state).toBe('DRAFT');
    expect((await feed()).notices.map((n) => n.id)).not.toContain(Number(draft.id));
    const published = await post('content', '/api/bo/content', notice({ id: draft.id, title: draft.title }));
    expect(published.json().value.state).toBe('LIVE');
    expect((await feed()).notices.map((n) => n.id)).toContain(Number(draft.id));
    const update = await t.database.db
      .selectFrom('staffAudit')
      .select(['before', 'after'])
      .where('target', '=', `announcement:${draft.id}`)
      .where('action', '=', 'content.update')
      .executeTakeFirstOrThrow();
    expect(update.before).toMatchObject({ active: false, state: 'DRAFT' });
    expect(update.after).toMatchObject({ active: true, state: 'LIVE' });
  });

  it('hides scheduled content until its time and after its end, on the server clock', async () => {
    // Within the staff sessions' idle time (30 minutes): the clock moves on 20 minutes in all.
    const from = new Date(at.getTime() + 10 * 60_000);
    const until = new Date(at.getTime() + 20 * 60_000);
    const item = (
      await post(
        'content',
        '/api/bo/content',
        notice({ publishFrom: from.toISOString(), publishUntil: until.toISOString() }),
      )
    ).json().value;
    expect(item.state).toBe('SCHEDULED');
    const shown = async () => (await feed()).notices.some((n) => n.id === Number(item.id));
    expect(await shown()).toBe(false);
    at = new Date(from.getTime() - 1000);
    expect(await shown()).toBe(false);
    at = from;
    expect(await shown()).toBe(true);
    at = new Date(until.getTime() - 1);
    expect(await shown()).toBe(true);
    at = until;
    expect(await shown()).toBe(false);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/bo/content?kind=PL',
      headers: staff('content').headers,
    });
    expect(listed.json().value.items.find((i: { id: string }) => i.id === item.id).state).toBe('ENDED');
  });

  it('sanitizes the HTML on the server: no script, event handler or javascript: link is stored or served', async () => {
    const dirty =
      '<p onclick="steal()">Hello <img src="/x.png" onerror="alert(1)"></p><script>alert(document.cookie)</script>' +
      '<a href="javascript:alert(1)">click</a><a href="https://example.com">safe</a>';
    const preview = await post('content', '/api/bo/content/preview', { content: dirty });
    const saved = (await post('content', '/api/bo/content', notice({ content: dirty }))).json().value;
    for (const html of [preview.json().value.content as string, saved.content as string]) {
      expect(html).not.toMatch(/script|onerror|onclick|javascript:/i);
      expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">safe</a>');
    }
    expect(saved.content).toBe(preview.json().value.content);
    const stored = await t.database.db
      .selectFrom('announcement')
      .select('content')
      .where('id', '=', Number(saved.id))
      .executeTakeFirstOrThrow();
    expect(stored.content).toBe(saved.content);
    const served = (await feed()).notices.find((n) => n.id === Number(saved.id));
    expect(served?.content).toBe(saved.content);
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const count = async () =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM announcement`.execute(t.database.db)).rows[0]!.n);
    const before = await count();
    const onlyScript = await post('content', '/api/bo/content', notice({ content: '<script>alert(1)</script>' }));
    expect(onlyScript.json()).toMatchObject({ code: 'CONTENT_EMPTY', field: 'body.content' });
    const backwards = await post(
      'content',
      '/api/bo/content',
      notice({ publishFrom: '2026-12-02T00:00:00Z', publishUntil: '2026-12-01T00:00:00Z' }),
    );
    expect(backwards.json()).toMatchObject({ code: 'CONTENT_SCHEDULE_INVALID', field: 'body.publishUntil' });
    const language = await post('content', '/api/bo/content', notice({ language: 'fr' }));
    expect(language.json()).toMatchObject({ code: 'CONTENT_LANGUAGE_UNKNOWN', field: 'body.language' });
    const missing = await post('content', '/api/bo/content', notice({ id: '999999' }));
    expect(missing.json().code).toBe('NOT_FOUND');
    const noTitle = await post('content', '/api/bo/content', notice({ title: ' ' }));
    expect(noTitle.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.title' });
    expect(await count()).toBe(before);
  });

  it('publishes per language: a Korean notice is not in the English feed', async () => {
    const ko = (await post('content', '/api/bo/content', notice({ language: 'ko', title: '점검 안내' }))).json().value;
    expect((await feed('ko')).notices.map((n) => n.id)).toContain(Number(ko.id));
    expect((await feed('en')).notices.map((n) => n.id)).not.toContain(Number(ko.id));
  });

  it("keeps a banner's words and its phone picture, and refuses a phone picture that is not an address", async () => {
    const saved = (
      await post(
        'content',
        '/api/bo/content',
        banner({
          title: 'Autumn cashback',
          subtitle: 'Every Friday',
          ctaLabel: 'See more',
          mobileImageUrl: '/assets/banners/autumn-mobile.svg',
          url: '/promotions',
          linkageType: 'INTERNAL',
        }),
      )
    ).json().value;
    expect(saved).toMatchObject({ subtitle: 'Every Friday', ctaLabel: 'See more' });
    const shown = (await feed()).banners.find((b) => b.title === 'Autumn cashback');
    expect(shown).toMatchObject({
      subtitle: 'Every Friday',
      ctaLabel: 'See more',
      mobileImageUrl: '/assets/banners/autumn-mobile.svg',
    });
    // Without a phone picture the wide one serves every width (null, not an empty address).
    const wideOnly = (
      await post('content', '/api/bo/content', banner({ id: saved.id, title: 'Autumn cashback' }))
    ).json().value;
    expect(wideOnly).toMatchObject({ mobileImageUrl: null, subtitle: '', ctaLabel: '' });
    const bad = await post(
      'content',
      '/api/bo/content',
      banner({ title: 'Bad', mobileImageUrl: 'javascript:alert(1)' }),
    );
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.mobileImageUrl' });
    expect((await feed()).banners.map((b) => b.title)).not.toContain('Bad');
  });

  it('publishes a banner and a help topic, and deletes one with its last state in the audit trail', async () => {
    const spring = (
      await post(
        'content',
        '/api/bo/content',
        banner({
          title: 'Spring promotion',
          imageUrl: '/assets/banners/spring.svg',
          url: '/promotions',
          linkageType: 'INTERNAL',
        }),
      )
    ).json().value;
    expect((await feed()).banners.map((b) => b.title)).toContain('Spring promotion');
    const help = (await post('admin', '/api/bo/content', notice({ kind: 'H', title: 'How to deposit' }))).json().value;
    expect((await feed()).help.map((h) => h.title)).toContain('How to deposit');
    const bad = await post('content', '/api/bo/content', {
      ...notice(),
      kind: 'BANNER',
      imageUrl: 'javascript:alert(1)',
    });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.imageUrl' });

    expect((await post('content', '/api/bo/content/delete', { kind: 'BANNER', id: spring.id })).json().value).toEqual({
      deleted: true,
    });
    expect((await feed()).banners.map((b) => b.title)).not.toContain('Spring promotion');
    // The id of a help topic is not a notice's: the kind must match.
    expect((await post('content', '/api/bo/content/delete', { kind: 'PL', id: help.id })).json().code).toBe(
      'NOT_FOUND',
    );
    const trail = await t.database.db
      .selectFrom('staffAudit')
      .select(['action', 'before'])
      .where('target', '=', `banner:${spring.id}`)
      .orderBy('id')
      .execute();
    expect(trail.map((r) => r.action)).toEqual(['content.create', 'content.delete']);
    expect(trail[1]!.before).toMatchObject({ title: 'Spring promotion', imageUrl: '/assets/banners/spring.svg' });
  });
});

describe('announcements for agents', () => {
  it('shows an agents-only notice in the agent centre and never on the player site', async () => {
    const forAgents = (
      await post('content', '/api/bo/content', notice({ title: 'New commission table', audience: 'AGENTS' }))
    ).json().value;
    const forAll = (await post('content', '/api/bo/content', notice({ title: 'Holiday hours' }))).json().value;
    expect((await feed()).notices.map((n) => n.id)).not.toContain(Number(forAgents.id));

    const agent = await newTreeMember(t, null, { type: 1 });
    const centre = await asPlayer(t, agent).get('/api/agent/announcements?language=en');
    const notices = centre.json().value.notices as { id: number; agentsOnly: boolean }[];
    expect(notices.find((n) => n.id === Number(forAgents.id))?.agentsOnly).toBe(true);
    expect(notices.find((n) => n.id === Number(forAll.id))?.agentsOnly).toBe(false);

    const player = await newTreeMember(t, null);
    const refused = await asPlayer(t, player).get('/api/agent/announcements?language=en');
    expect(refused.statusCode).toBe(403);
  });
});
