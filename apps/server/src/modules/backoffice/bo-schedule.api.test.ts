import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, staffGet, staffPost, staffTeam, type StaffClient } from '../../../test/staff-helpers.ts';
import { asOperator, startTestApp, type TestApp } from '../../../test/test-app.ts';

/**
 * What staff schedule happens at its time for players, on the movable test clock (decision 032):
 * an announcement's window, and maintenance's start and automatic end (decision 042). Staff write at
 * real time; only players' calls are made while the clock is moved (a staff session's idle time
 * follows the clock).
 */
let t: TestApp;
let admin: StaffClient;
let content: StaffClient;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SCALE: '100' });
  ({ admin, content } = await staffTeam(t, ['admin', 'content']));
});
afterAll(async () => t?.close());
afterEach(async () => {
  await moveTo(null);
});

async function moveTo(at: Date | null) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/dev/clock',
    headers: asOperator,
    payload: { at: at && at.toISOString() },
  });
  expect(res.statusCode, res.body).toBe(200);
}
/** `2026-12-01T09:00:00+09:00`: an instant written as the site's (Seoul's) wall clock, as the console sends it. */
const seoul = (d: Date) => `${new Date(d.getTime() + 9 * HOUR).toISOString().slice(0, 19)}+09:00`;
/** A whole minute a few hours ahead, so the window starts well after the staff calls. */
const ahead = (hours: number) => new Date(Math.ceil((Date.now() + hours * HOUR) / 60_000) * 60_000);

const noticeShown = async (id: string) =>
  (
    (await t.app.inject({ url: '/api/content/announcements?language=en' })).json().value.notices as { id: number }[]
  ).some((n) => n.id === Number(id));
const status = async () => (await t.app.inject({ url: '/api/system/status' })).json().value;
const playerCall = () => t.app.inject({ url: '/api/site/country-codes' });

describe('a scheduled announcement', () => {
  it('appears for players at its start and disappears at its end, given in the site time zone', async () => {
    const from = ahead(2);
    const until = new Date(from.getTime() + 3 * HOUR);
    const res = await staffPost(t, content, '/api/bo/content', {
      kind: 'PL',
      language: 'en',
      title: 'Scheduled notice',
      content: '<p>Tonight only.</p>',
      active: true,
      publishFrom: seoul(from),
      publishUntil: seoul(until),
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().value as { id: string; state: string; publishFrom: string };
    expect(item.state).toBe('SCHEDULED');
    expect(new Date(item.publishFrom).getTime()).toBe(from.getTime());
    expect(await noticeShown(item.id)).toBe(false);

    await moveTo(new Date(from.getTime() - 60_000));
    expect(await noticeShown(item.id)).toBe(false);
    await moveTo(from);
    expect(await noticeShown(item.id)).toBe(true);
    await moveTo(new Date(until.getTime() - 60_000));
    expect(await noticeShown(item.id)).toBe(true);
    await moveTo(until);
    expect(await noticeShown(item.id)).toBe(false);
  });
});

describe('scheduled maintenance', () => {
  it('starts for players at its start time and ends by itself at its end time; staff see where it stands', async () => {
    const start = ahead(2);
    const end = new Date(start.getTime() + 2 * HOUR);
    const set = await staffPost(t, admin, '/api/bo/site/maintenance', {
      enabled: true,
      title: 'Upgrade',
      info: 'Back soon',
      startTime: seoul(start),
      endTime: seoul(end),
    });
    expect(set.statusCode, set.body).toBe(200);
    const site = (await staffGet(t, admin, '/api/bo/site')).json().value;
    expect(site.maintenanceState).toBe('SCHEDULED');
    expect(site.maintenance).toMatchObject({ enabled: true, title: 'Upgrade' });

    // Before the window: players play on.
    expect(await status()).toMatchObject({ status: 0, maintenance: false, maintenanceInfo: null });
    expect((await playerCall()).statusCode).toBe(200);
    await moveTo(new Date(start.getTime() - 60_000));
    expect((await status()).maintenance).toBe(false);

    // In the window: the maintenance page with its end time, and player calls refused.
    await moveTo(start);
    const during = await status();
    expect(during).toMatchObject({ status: 1, maintenance: true, maintenanceInfo: { title: 'Upgrade' } });
    expect(new Date(during.maintenanceInfo.endTime).getTime()).toBe(end.getTime());
    const refused = await playerCall();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'SYSTEM_MAINTENANCE' });
    await moveTo(new Date(end.getTime() - 60_000));
    expect((await status()).maintenance).toBe(true);

    // At the end it is over without anyone switching it off.
    await moveTo(end);
    expect(await status()).toMatchObject({ status: 0, maintenance: false });
    expect((await playerCall()).statusCode).toBe(200);

    await moveTo(null);
    const [row] = (await auditTrail(t, 'site:maintenance')).slice(-1);
    expect(row).toMatchObject({ actor: 'admin', after: { enabled: true, title: 'Upgrade' } });
    await staffPost(t, admin, '/api/bo/site/maintenance', { enabled: false });
  });

  it('is in effect at once when it has no start, until switched off when it has no end', async () => {
    await staffPost(t, admin, '/api/bo/site/maintenance', { enabled: true, title: 'Now' });
    expect((await staffGet(t, admin, '/api/bo/site')).json().value.maintenanceState).toBe('ON');
    expect((await status()).maintenance).toBe(true);
    await moveTo(ahead(24 * 30));
    expect((await status()).maintenance).toBe(true);
    await moveTo(null);
    await staffPost(t, admin, '/api/bo/site/maintenance', { enabled: false });
    expect((await status()).maintenance).toBe(false);
  });

  it('refuses an end before the start at that field, and changes nothing', async () => {
    const before = (await staffGet(t, admin, '/api/bo/site')).json().value.maintenance;
    const start = ahead(3);
    const res = await staffPost(t, admin, '/api/bo/site/maintenance', {
      enabled: true,
      title: 'Backwards',
      startTime: seoul(start),
      endTime: seoul(new Date(start.getTime() - HOUR)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.endTime' });
    expect((await staffGet(t, admin, '/api/bo/site')).json().value.maintenance).toEqual(before);
  });
});
