import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { roleHolds, STAFF_ROLES, type StaffRole } from '@portal/contracts/backoffice/staff.contract.ts';
import { isStaffAudience, type RouteDef } from '@portal/contracts/http.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enrolStaff,
  STAFF_PASSWORD,
  staffWithRole,
  totpCode,
  type StaffClient,
  startConsole,
} from '../../../test/staff-helpers.ts';
import { asOperator, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let at = new Date('2026-11-24T09:00:00Z');
const now = () => at;
/** Moves the test clock on; TOTP codes and session expiry follow it. */
const advance = (ms: number) => (at = new Date(at.getTime() + ms));
let owner: StaffClient;

beforeAll(async () => {
  // Many sign-ins from one test address: the sign-in limits have their own tests.
  ({ t, owner } = await startConsole(now));
});
afterAll(() => t.close());

/** The password step of a staff sign-in. */
const passwordStep = (username: string) =>
  t.app.inject({ method: 'POST', url: '/api/bo/auth/sign-in', payload: { username, password: STAFF_PASSWORD } });

const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  `bo_session=${res.cookies.find((c) => c.name === 'bo_session')!.value}`;

/** Every staff call the contracts declare (each module's `defineRoute`s with a `{ staff }` audience). */
async function staffRoutes(): Promise<RouteDef[]> {
  const root = join(import.meta.dirname, '../../../../../packages/contracts/src');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.contract.ts'));
  const routes: RouteDef[] = [];
  for (const f of files) {
    const mod = (await import(join(root, f))) as Record<string, unknown>;
    for (const v of Object.values(mod)) {
      const r = v as Partial<RouteDef>;
      if (r && typeof r === 'object' && r.operationId && r.audience && isStaffAudience(r.audience))
        routes.push(r as RouteDef);
    }
  }
  return routes;
}

describe('first owner', () => {
  it('is created once through the operator key, and the creation is in the audit trail', async () => {
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/ops/staff/first-owner',
      headers: asOperator,
      payload: { username: 'second-owner', password: STAFF_PASSWORD },
    });
    expect(again.json().code).toBe('STAFF_OWNER_EXISTS');
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/ops/staff/first-owner',
      payload: { username: 'x-owner', password: STAFF_PASSWORD },
    });
    expect(noKey.json().code).toBe('OPERATOR_KEY_REQUIRED');
    const trail = await t.app.inject({
      method: 'GET',
      url: '/api/bo/audit?action=staff.create',
      headers: owner.headers,
    });
    expect(trail.json().value.entries.at(-1)).toMatchObject({ actor: 'operator-key', action: 'staff.create' });
  });

  it('refuses a short password with a clear error and creates nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bo/staff',
      headers: owner.headers,
      payload: { username: 'shorty', displayName: 'S', role: 'support', password: 'short' },
    });
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.password' });
    const users = await t.database.db.selectFrom('staffUser').select('username').execute();
    expect(users.map((u) => u.username)).not.toContain('shorty');
  });
});

describe('staff sign-in', () => {
  it('refuses every staff call after the password alone, until the second factor is given', async () => {
    const signIn = await passwordStep('owner');
    expect(signIn.json().value).toEqual({ stage: 'TOTP' });
    const cookie = cookieOf(signIn);
    expect(signIn.cookies.find((c) => c.name === 'bo_session')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const list = await t.app.inject({ method: 'GET', url: '/api/bo/staff', headers: { cookie } });
    expect(list.statusCode).toBe(401);
    expect(list.json().code).toBe('STAFF_SECOND_FACTOR_REQUIRED');
    const me = await t.app.inject({ method: 'GET', url: '/api/bo/auth/me', headers: { cookie } });
    expect(me.json().code).toBe('STAFF_SECOND_FACTOR_REQUIRED');
  });

  it('refuses a wrong password, a wrong code and a code used before; takes the next one', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/bo/auth/sign-in',
      payload: { username: 'owner', password: 'not the password' },
    });
    expect(wrong.json().code).toBe('WRONG_CREDENTIALS');
    const signIn = await passwordStep('owner');
    const cookie = cookieOf(signIn);
    const verify = (code: string) =>
      t.app.inject({ method: 'POST', url: '/api/bo/auth/verify', headers: { cookie }, payload: { code } });
    const current = totpCode(owner.secret, at);
    expect((await verify(current === '000000' ? '111111' : '000000')).json().code).toBe('STAFF_CODE_INVALID');
    // The code of the enrolment's time step was already taken once.
    expect((await verify(current)).json().code).toBe('STAFF_CODE_INVALID');
    advance(30_000);
    const ok = await verify(totpCode(owner.secret, at));
    expect(ok.json().value).toMatchObject({ username: 'owner', role: 'owner' });
    // The token seen before the second factor does not become the signed-in one.
    expect(cookieOf(ok)).not.toBe(cookie);
    const stale = await t.app.inject({ method: 'GET', url: '/api/bo/staff', headers: { cookie } });
    expect(stale.json().code).toBe('STAFF_NOT_SIGNED_IN');
  });

  it('ends a sign-in after five wrong codes', async () => {
    const signIn = await passwordStep('owner');
    const cookie = cookieOf(signIn);
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bo/auth/verify',
        headers: { cookie },
        payload: { code: '12345' + i },
      });
      codes.push(res.json().code);
    }
    expect(codes).toEqual([...Array(4).fill('STAFF_CODE_INVALID'), 'STAFF_SESSION_EXPIRED']);
    advance(30_000);
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/bo/auth/verify',
      headers: { cookie },
      payload: { code: totpCode(owner.secret, at) },
    });
    expect(late.json().code).toBe('STAFF_SESSION_EXPIRED');
  });

  it('keeps the recovery codes only as argon2id hashes', async () => {
    await staffWithRole(t, owner, 'risk', now, 'risk-recovery');
    const pw = await passwordStep('risk-recovery');
    expect(pw.json().value.stage).toBe('TOTP');
    const codes = await t.database.db
      .selectFrom('staffUser')
      .select('recoveryCodeHashes')
      .where('username', '=', 'risk-recovery')
      .executeTakeFirstOrThrow();
    expect(codes.recoveryCodeHashes).toHaveLength(8);
    expect(codes.recoveryCodeHashes[0]).toMatch(/^\$argon2id\$/);
  });

  it('gives the recovery codes once at enrolment; each signs in once', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/bo/staff',
      headers: owner.headers,
      payload: { username: 'rec', displayName: 'Rec', role: 'support', password: STAFF_PASSWORD },
    });
    const first = await passwordStep('rec');
    const cookie = cookieOf(first);
    const secret = (await t.app.inject({ method: 'POST', url: '/api/bo/auth/enrolment', headers: { cookie } })).json()
      .value.secret;
    const enrol = await t.app.inject({
      method: 'POST',
      url: '/api/bo/auth/enrol',
      headers: { cookie },
      payload: { code: totpCode(secret, at) },
    });
    const recovery = enrol.json().value.recoveryCodes as string[];
    expect(recovery).toHaveLength(8);
    const useRecovery = async () => {
      const pw = await passwordStep('rec');
      return t.app.inject({
        method: 'POST',
        url: '/api/bo/auth/verify',
        headers: { cookie: cookieOf(pw) },
        payload: { code: recovery[0]! },
      });
    };
    expect((await useRecovery()).json().value.username).toBe('rec');
    expect((await useRecovery()).json().code).toBe('STAFF_CODE_INVALID');
  });

  it('refuses a change without the CSRF token, and ends an idle session', async () => {
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/api/bo/staff',
      headers: { cookie: owner.cookie },
      payload: { username: 'nocsrf', displayName: 'N', role: 'support', password: STAFF_PASSWORD },
    });
    expect(noCsrf.json().code).toBe('STAFF_CSRF_INVALID');
    const idle = await enrolStaff(
      t.app,
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/bo/staff',
          headers: owner.headers,
          payload: { username: 'idler', displayName: 'I', role: 'support', password: STAFF_PASSWORD },
        })
      ).json().value.username,
      now,
    );
    advance(29 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/bo/auth/me', headers: idle.headers })).statusCode).toBe(200);
    advance(31 * 60_000);
    const expired = await t.app.inject({ method: 'GET', url: '/api/bo/auth/me', headers: idle.headers });
    expect(expired.json().code).toBe('STAFF_SESSION_EXPIRED');
    // The owner's own session was idle as long: signed in again for the tests that follow.
    owner = await reSignIn(owner);
  });
});

async function reSignIn(c: StaffClient): Promise<StaffClient> {
  advance(30_000);
  const pw = await passwordStep(c.username);
  const ok = await t.app.inject({
    method: 'POST',
    url: '/api/bo/auth/verify',
    headers: { cookie: cookieOf(pw) },
    payload: { code: totpCode(c.secret, at) },
  });
  const cookie = cookieOf(ok);
  const csrf = ok.json().value.csrfToken as string;
  return { ...c, cookie, csrf, headers: { cookie, 'x-csrf-token': csrf } };
}

describe('permission matrix', () => {
  it('admits each role to exactly the staff calls its permissions grant, for every staff call', async () => {
    const routes = await staffRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(3);
    const clients = new Map<StaffRole, StaffClient>([['owner', owner]]);
    for (const role of STAFF_ROLES.filter((r) => r !== 'owner'))
      clients.set(role, await staffWithRole(t, owner, role, now, `matrix-${role}`));
    const outcome: string[] = [];
    const expected: string[] = [];
    for (const route of routes) {
      const permission = (route.audience as { staff: string }).staff;
      for (const [role, client] of clients) {
        // An empty body: a granted call fails validation (or answers), a refused one never reads it.
        const res = await t.app.inject({
          method: route.method,
          url: route.path.replace(/:(\w+)/g, '1'),
          headers: client.headers,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        // A rate-limited answer would read as "admitted": the matrix must see every call's real answer.
        expect(res.statusCode, `${role} ${route.operationId}`).not.toBe(429);
        const refused = res.statusCode === 403 && res.json().code === 'STAFF_FORBIDDEN';
        outcome.push(`${role} ${route.operationId} ${refused ? 'refused' : 'admitted'}`);
        expected.push(`${role} ${route.operationId} ${roleHolds(role, permission) ? 'admitted' : 'refused'}`);
      }
    }
    expect(outcome).toEqual(expected);
  });
});

describe('audit trail', () => {
  it('cannot be updated, deleted or truncated, even with SQL', async () => {
    const { db } = t.database;
    await expect(sql`UPDATE staff_audit SET actor = 'someone-else'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM staff_audit`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE staff_audit`.execute(db)).rejects.toThrow(/append-only/);
    const n = await db
      .selectFrom('staffAudit')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBeGreaterThan(0);
  });

  it('is written in the same transaction as the change: when the audit row fails, the change is undone', async () => {
    const { db } = t.database;
    const { last } = await sql<{ last: string }>`SELECT last_value AS last FROM staff_user_id_seq`
      .execute(db)
      .then((r) => r.rows[0]!);
    const next = Number(last) + 1;
    // The next staff user's audit row names `staff:<next id>`: refuse exactly that row.
    await sql
      .raw(`ALTER TABLE staff_audit ADD CONSTRAINT refuse_one CHECK (target <> 'staff:${next}') NOT VALID`)
      .execute(db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bo/staff',
      headers: owner.headers,
      payload: { username: 'unaudited', displayName: 'U', role: 'support', password: STAFF_PASSWORD },
    });
    await sql`ALTER TABLE staff_audit DROP CONSTRAINT refuse_one`.execute(db);
    expect(res.statusCode).toBe(500);
    const user = await db.selectFrom('staffUser').select('id').where('username', '=', 'unaudited').executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it("records who, from where, what and the after state of a staff user's creation", async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/bo/staff',
      headers: owner.headers,
      remoteAddress: '198.51.100.7',
      payload: { username: 'audited', displayName: 'A', role: 'content', password: STAFF_PASSWORD },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/bo/audit?actor=owner', headers: owner.headers });
    const entry = res.json().value.entries.find((e: { action: string }) => e.action === 'staff.create');
    expect(entry).toMatchObject({
      actor: 'owner',
      ip: '198.51.100.7',
      target: expect.stringMatching(/^staff:\d+$/),
      after: { username: 'audited', role: 'content' },
    });
    expect(JSON.stringify(entry)).not.toContain('argon2');
  });
});
