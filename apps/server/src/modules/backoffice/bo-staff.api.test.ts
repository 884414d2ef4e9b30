import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_PASSWORD,
  staffWithRole,
  totpCode,
  type StaffClient,
  startConsole,
} from '../../../test/staff-helpers.ts';
import { type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let at = new Date('2026-11-24T09:00:00Z');
const now = () => at;
let owner: StaffClient;

beforeAll(async () => {
  ({ t, owner } = await startConsole(now));
});
afterAll(() => t.close());

const idOf = async (username: string) =>
  String(
    (
      await t.database.db
        .selectFrom('staffUser')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).id,
  );
const update = (by: StaffClient, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/bo/staff/update', headers: by.headers, payload });
const me = (c: StaffClient) => t.app.inject({ method: 'GET', url: '/api/bo/auth/me', headers: c.headers });

/** Password and current code, as a returning staff user signs in (the clock moves a step so the code is new). */
async function signInAgain(username: string, secret: string) {
  at = new Date(at.getTime() + 30_000);
  const pw = await t.app.inject({
    method: 'POST',
    url: '/api/bo/auth/sign-in',
    payload: { username, password: STAFF_PASSWORD },
  });
  if (pw.statusCode !== 200) return pw;
  const cookie = `bo_session=${pw.cookies.find((c) => c.name === 'bo_session')!.value}`;
  return t.app.inject({
    method: 'POST',
    url: '/api/bo/auth/verify',
    headers: { cookie },
    payload: { code: totpCode(secret, at) },
  });
}

describe('disabling and enabling a staff user', () => {
  it('ends their sessions at once saying the account is disabled, refuses their sign-in while disabled, and is audited', async () => {
    const support = await staffWithRole(t, owner, 'support', now, 'sup-disable');
    const id = await idOf('sup-disable');
    expect((await me(support)).statusCode).toBe(200);

    const res = await update(owner, { id, status: 'DISABLED' });
    expect(res.json().value).toMatchObject({ username: 'sup-disable', status: 'DISABLED', role: 'support' });
    // The very next call of their open console is refused, saying why.
    expect((await me(support)).json().code).toBe('STAFF_ACCOUNT_DISABLED');
    const players = await t.app.inject({ method: 'GET', url: '/api/bo/players', headers: support.headers });
    expect(players.statusCode).toBe(401);
    expect(players.json().code).toBe('STAFF_ACCOUNT_DISABLED');
    const sessions = await t.database.db
      .selectFrom('staffSession')
      .select('revokedAt')
      .where('staffId', '=', id)
      .execute();
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await signInAgain('sup-disable', support.secret)).json().code).toBe('STAFF_ACCOUNT_DISABLED');

    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/bo/audit?action=staff.disable&target=staff:${id}`,
      headers: owner.headers,
    });
    expect(trail.json().value.entries[0]).toMatchObject({
      actor: 'owner',
      action: 'staff.disable',
      target: `staff:${id}`,
      before: { status: 'ACTIVE', role: 'support' },
      after: { status: 'DISABLED', role: 'support', endedSessions: 1 },
    });

    expect((await update(owner, { id, status: 'ACTIVE' })).json().value.status).toBe('ACTIVE');
    const back = await signInAgain('sup-disable', support.secret);
    expect(back.json().value).toMatchObject({ username: 'sup-disable', role: 'support' });
  });

  it('gives another role, ending the old sessions; the next sign-in holds the new permissions', async () => {
    const support = await staffWithRole(t, owner, 'support', now, 'sup-role');
    const id = await idOf('sup-role');
    const res = await update(owner, { id, role: 'finance' });
    expect(res.json().value).toMatchObject({ role: 'finance', status: 'ACTIVE' });
    expect((await me(support)).json().code).toBe('STAFF_SESSION_EXPIRED');
    const again = await signInAgain('sup-role', support.secret);
    expect(again.json().value.role).toBe('finance');
    expect(again.json().value.permissions).toContain('cashier.decide');
    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/bo/audit?target=staff:${id}&action=staff.role`,
      headers: owner.headers,
    });
    expect(trail.json().value.entries[0]).toMatchObject({
      before: { role: 'support' },
      after: { role: 'finance' },
    });
  });
});

describe('what is refused', () => {
  it('refuses a change of one’s own account, and changes nothing', async () => {
    const ownerId = await idOf('owner');
    const self = await update(owner, { id: ownerId, status: 'DISABLED' });
    expect(self.json().code).toBe('STAFF_SELF_CHANGE');
    expect((await update(owner, { id: ownerId, role: 'admin' })).json().code).toBe('STAFF_SELF_CHANGE');
    const row = await t.database.db
      .selectFrom('staffUser')
      .select(['status', 'role'])
      .where('id', '=', ownerId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'ACTIVE', role: 'owner' });
    expect((await me(owner)).statusCode).toBe(200);
  });

  it('lets only an owner touch an owner or grant the owner role', async () => {
    const admin = await staffWithRole(t, owner, 'admin', now, 'adm-limits');
    const ownerId = await idOf('owner');
    expect((await update(admin, { id: ownerId, status: 'DISABLED' })).json().code).toBe('STAFF_FORBIDDEN');
    await staffWithRole(t, owner, 'content', now, 'cont-limits');
    const contentId = await idOf('cont-limits');
    expect((await update(admin, { id: contentId, role: 'owner' })).json().code).toBe('STAFF_FORBIDDEN');
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/bo/staff',
      headers: admin.headers,
      payload: { username: 'adm-made-owner', displayName: 'X', role: 'owner', password: STAFF_PASSWORD },
    });
    expect(create.json().code).toBe('STAFF_FORBIDDEN');
    // What an admin may do: another role below owner.
    expect((await update(admin, { id: contentId, role: 'risk' })).json().value.role).toBe('risk');
  });

  it('refuses an unknown user and a change that names nothing, with clear errors', async () => {
    expect((await update(owner, { id: '999999', status: 'DISABLED' })).json()).toMatchObject({
      code: 'NOT_FOUND',
      field: 'body.id',
    });
    await staffWithRole(t, owner, 'risk', now, 'risk-nothing');
    expect((await update(owner, { id: await idOf('risk-nothing') })).json().code).toBe('VALIDATION_FAILED');
    expect((await update(owner, { id: 'abc', status: 'DISABLED' })).json().code).toBe('VALIDATION_FAILED');
    expect((await update(owner, { id: await idOf('risk-nothing'), role: 'boss' })).json().code).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('keeps one active owner when two owners disable each other at the same moment', async () => {
    const a = await staffWithRole(t, owner, 'owner', now, 'owner-a');
    const b = await staffWithRole(t, owner, 'owner', now, 'owner-b');
    // Only these two are owners for this test: the first owner steps down to admin (done by owner-a).
    expect((await update(a, { id: await idOf('owner'), role: 'admin' })).json().value.role).toBe('admin');
    const [ra, rb] = await Promise.all([
      update(a, { id: await idOf('owner-b'), status: 'DISABLED' }),
      update(b, { id: await idOf('owner-a'), status: 'DISABLED' }),
    ]);
    const outcomes = [ra, rb].map((r) => (r.statusCode === 200 ? 'done' : r.json().code));
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(1);
    expect(outcomes.find((o) => o !== 'done')).toMatch(/^STAFF_LAST_OWNER$|^STAFF_ACCOUNT_DISABLED$/);
    const owners = await t.database.db
      .selectFrom('staffUser')
      .select('username')
      .where('role', '=', 'owner')
      .where('status', '=', 'ACTIVE')
      .execute();
    expect(owners).toHaveLength(1);
    // The survivor restores the first owner for anything after this test.
    const survivor = owners[0]!.username === 'owner-a' ? a : b;
    expect((await update(survivor, { id: await idOf('owner'), role: 'owner' })).json().value.role).toBe('owner');
  });
});
