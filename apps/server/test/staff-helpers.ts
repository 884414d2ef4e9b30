import type { StaffRole } from '@portal/contracts/backoffice/staff.contract.ts';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { beforeAll } from 'vitest';
import { asOperator, startTestApp, type TestApp } from './test-app.ts';
import { useTestApp } from './use-test-app.ts';

export const STAFF_PASSWORD = 'correct horse battery';

/** The current code of a TOTP secret at `at`, as an authenticator app would show it. */
export const totpCode = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });

/** What a signed-in console holds: its session cookie and CSRF token. */
export interface StaffClient {
  username: string;
  secret: string;
  cookie: string;
  csrf: string;
  headers: Record<string, string>;
}

const sessionCookie = (res: { cookies: { name: string; value: string }[] }) => {
  const c = res.cookies.find((x) => x.name === 'bo_session');
  if (!c) throw new Error('no bo_session cookie set');
  return `bo_session=${c.value}`;
};

/** Password step, enrolment and first code, as a new staff user does at their first sign-in. */
export async function enrolStaff(app: FastifyInstance, username: string, now: () => Date): Promise<StaffClient> {
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/bo/auth/sign-in',
    payload: { username, password: STAFF_PASSWORD },
  });
  if (signIn.json().value?.stage !== 'ENROL') throw new Error(`sign-in ${username}: ${signIn.body}`);
  let cookie = sessionCookie(signIn);
  const enrolment = await app.inject({ method: 'POST', url: '/api/bo/auth/enrolment', headers: { cookie } });
  const secret = enrolment.json().value.secret as string;
  const enrol = await app.inject({
    method: 'POST',
    url: '/api/bo/auth/enrol',
    headers: { cookie },
    payload: { code: totpCode(secret, now()) },
  });
  if (enrol.statusCode !== 200) throw new Error(`enrol ${username}: ${enrol.body}`);
  cookie = sessionCookie(enrol);
  const csrf = enrol.json().value.me.csrfToken as string;
  return { username, secret, cookie, csrf, headers: { cookie, 'x-csrf-token': csrf } };
}

/** The first owner through the operator key (what `npm run ops -- staff create-owner` calls). */
export async function createOwner(t: TestApp, username = 'owner'): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ops/staff/first-owner',
    headers: asOperator,
    payload: { username, password: STAFF_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`create owner: ${res.body}`);
}

/**
 * A console story's app on the story's clock (staff sign in and call the console many times from one
 * test address: the routes' limits are scaled up and the site-wide limit per address raised, as the
 * permission matrix alone makes one call per staff route and role) with the first owner enrolled and
 * signed in, and one signed-in staff user of each of `roles` (named after the role).
 */
export async function startConsole<R extends Exclude<StaffRole, 'owner'> = never>(
  now: () => Date,
  roles: readonly R[] = [],
): Promise<{ t: TestApp; owner: StaffClient } & Record<R, StaffClient>> {
  const t = await startConsoleApp(now);
  return { t, ...(await staffTeam(t, roles, now)) };
}

const startConsoleApp = (now: () => Date) =>
  startTestApp({ RATE_LIMIT_SCALE: '100', RATE_LIMIT_MAX: '100000' }, undefined, { compose: { clock: now } });

/**
 * `startConsole` as the file's app (`useTestApp`: started before its tests, closed after them, the
 * ledger checked after each test) and its staff team (`useStaffTeam`).
 */
export function useConsole<R extends Exclude<StaffRole, 'owner'> = never>(now: () => Date, roles: readonly R[] = []) {
  const t = useTestApp(() => startConsoleApp(now));
  return { t, staff: useStaffTeam(t, roles, now) };
}

/** A staff user of `role`, created by `by` in the console, then enrolled and signed in. */
export async function staffWithRole(
  t: TestApp,
  by: StaffClient,
  role: StaffRole,
  now: () => Date,
  username: string = role,
): Promise<StaffClient> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/bo/staff',
    headers: by.headers,
    payload: { username, displayName: `${role} user`, role, password: STAFF_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`create ${role}: ${res.body}`);
  return enrolStaff(t.app, username, now);
}

/** The first owner and one signed-in staff user of each of `roles`, as a console story starts. */
export async function staffTeam<R extends Exclude<StaffRole, 'owner'>>(
  t: TestApp,
  roles: readonly R[],
  now: () => Date = () => new Date(),
): Promise<{ owner: StaffClient } & Record<R, StaffClient>> {
  await createOwner(t);
  const owner = await enrolStaff(t.app, 'owner', now);
  const members = {} as Record<R, StaffClient>;
  for (const role of roles) members[role] = await staffWithRole(t, owner, role, now);
  return { owner, ...members };
}

/**
 * `staffTeam` made on the file's app (from `useTestApp`) before its tests. The answer stands for the
 * team once it is made (read it inside hooks and tests, not at the file's top level).
 */
export function useStaffTeam<R extends Exclude<StaffRole, 'owner'>>(
  t: TestApp,
  roles: readonly R[],
  now: () => Date = () => new Date(),
): { owner: StaffClient } & Record<R, StaffClient> {
  let team: ({ owner: StaffClient } & Record<R, StaffClient>) | undefined;
  beforeAll(async () => {
    team = await staffTeam(t, roles, now);
  });
  return new Proxy({} as { owner: StaffClient } & Record<R, StaffClient>, {
    get(_, role: 'owner' | R) {
      if (!team) throw new Error('the staff team is made in beforeAll');
      return team[role];
    },
  });
}

/** A console POST as `who`, with its session cookie and CSRF token. */
export const staffPost = (t: TestApp, who: StaffClient, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: who.headers, payload });

/** A console GET as `who`. */
export const staffGet = (t: TestApp, who: StaffClient, url: string) => t.app.inject({ url, headers: who.headers });

/** The audit trail of one target, oldest first. */
export const auditTrail = (t: TestApp, target: string) =>
  t.database.db
    .selectFrom('staffAudit')
    .select(['actor', 'action', 'before', 'after'])
    .where('target', '=', target)
    .orderBy('id')
    .execute();
