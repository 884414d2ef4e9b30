import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { permissionsOf, roleHolds, type StaffMe, type StaffRole } from '@portal/contracts/backoffice/staff.contract.ts';
import type { StaffPermission } from '@portal/contracts/http.ts';
import type { FastifyRequest } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { clientAddress } from '../../plugins/client-address.ts';
import type { StaffPrincipal } from '../../plugins/route-registry.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { writeAudit, type Actor } from './audit.ts';
import type { StaffRepository } from './staff.repository.ts';

declare module '../../plugins/route-registry.ts' {
  interface StaffPrincipal {
    username: string;
    role: StaffRole;
    sessionId: string;
    /** The caller's address, for the audit trail. */
    ip: string;
  }
}

/** The staff session cookie: httpOnly, SameSite=Strict, only sent to the back office's calls. */
export const STAFF_COOKIE = 'bo_session';
export const STAFF_COOKIE_PATH = '/api/bo';
const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** Wrong second-factor codes one sign-in may try before the password must be given again. */
const MAX_FAILED_CODES = 5;
const RECOVERY_CODES = 8;
const TOTP_PERIOD = 30;
/** How stale a session's last use may be before a call records it again. */
const TOUCH_MS = 30_000;

const totpOf = (secret: string, username: string) =>
  new TOTP({
    issuer: 'Portal back office',
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(secret),
  });

const ownersOnly = () =>
  new AppError('STAFF_FORBIDDEN', 403, "Only an owner may grant the owner role or change an owner's account.");

/** `xxxxx-xxxxx` from an alphabet without look-alikes: 50 random bits, kept as an argon2id hash. */
function recoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const part = () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${part()}-${part()}`;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

interface StaffRow {
  id: string;
  username: string;
  displayName: string;
  role: StaffRole;
  status: 'ACTIVE' | 'DISABLED';
  totpEnabled: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export const staffView = (r: StaffRow) => ({
  id: String(r.id),
  username: r.username,
  displayName: r.displayName,
  role: r.role,
  status: r.status,
  totpEnabled: r.totpEnabled,
  createdAt: new Date(r.createdAt).toISOString(),
  lastLoginAt: r.lastLoginAt ? new Date(r.lastLoginAt).toISOString() : null,
});

export interface StaffAuthOptions {
  idleMinutes: number;
  maxHours: number;
  now: () => Date;
}

/** The token of the request's staff cookie (set by @fastify/cookie), if any. */
export const staffToken = (request: FastifyRequest): string | undefined => request.cookies?.[STAFF_COOKIE] || undefined;

/**
 * Staff accounts and their sign-in: argon2id password, then a TOTP code (or a recovery code); the
 * first sign-in enrols the TOTP secret. A session is a random cookie token kept as a hash, with a
 * CSRF token the console sends back on every change, an idle and an absolute expiry.
 */
export function staffAuthService(repo: StaffRepository, opts: StaffAuthOptions) {
  const { now } = opts;

  async function insertStaff(
    trx: Executor,
    actor: Actor,
    s: { username: string; displayName: string; role: StaffRole; password: string },
  ) {
    if (await repo.usernameTaken(trx, s.username))
      throw new AppError('STAFF_USERNAME_TAKEN', 409, 'A staff user with this name exists.', 'body.username');
    const row = await repo.insertUser(trx, {
      username: s.username,
      displayName: s.displayName,
      role: s.role,
      passwordHash: await hashPassword(s.password),
      totpSecret: null,
      totpLastStep: null,
      lastLoginAt: null,
      lastLoginIp: null,
    });
    const view = staffView(row);
    await writeAudit(trx, actor, { action: 'staff.create', target: `staff:${view.id}`, after: view });
    return view;
  }

  /** The session row of a cookie token, with its staff user; undefined when unknown. */
  async function sessionOf(token: string | undefined) {
    if (!token) return undefined;
    return repo.sessionByTokenHash(hashToken(token));
  }
  type Session = NonNullable<Awaited<ReturnType<typeof sessionOf>>>;

  /** Why a session that is not live ended: its user was disabled (say so), or it ran out or was revoked. */
  const ended = (s: Session, message: string) =>
    s.status !== 'ACTIVE'
      ? new AppError('STAFF_ACCOUNT_DISABLED', 401, 'This back-office account is disabled.')
      : new AppError('STAFF_SESSION_EXPIRED', 401, message);

  /** Whether a session is still usable at `at`: not revoked, within both expiries, its user active. */
  function live(s: Session, at: Date): boolean {
    return (
      s.revokedAt === null &&
      s.status === 'ACTIVE' &&
      new Date(s.expiresAt).getTime() > at.getTime() &&
      new Date(s.lastSeenAt).getTime() + opts.idleMinutes * 60_000 > at.getTime()
    );
  }

  /** The session of a sign-in in progress (password given); refuses anything else. */
  async function pendingSession(token: string | undefined): Promise<Session> {
    const s = await sessionOf(token);
    if (!s) throw new AppError('STAFF_NOT_SIGNED_IN', 401, 'Sign in with your password first.');
    if (!live(s, now())) throw ended(s, 'The sign-in took too long; start again.');
    return s;
  }

  const me = (s: Pick<Session, 'staffId' | 'username' | 'displayName' | 'role'>, csrfToken: string): StaffMe => ({
    id: String(s.staffId),
    username: s.username,
    displayName: s.displayName,
    role: s.role,
    permissions: permissionsOf(s.role),
    csrfToken,
  });

  /**
   * The second factor is given: the session gets a new token (the one seen before the second factor
   * never becomes a signed-in one) and a new CSRF token, and the sign-in is recorded.
   */
  async function completeSignIn(trx: Executor, s: Session, ip: string): Promise<{ token: string; me: StaffMe }> {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    const at = now();
    await repo.signInSession(trx, s.sessionId, { tokenHash: hashToken(token), csrfToken, at });
    await repo.recordLogin(trx, s.staffId, at, ip);
    await writeAudit(
      trx,
      { staffId: String(s.staffId), name: s.username, ip },
      { action: 'staff.signIn', target: `staff:${s.staffId}` },
    );
    return { token, me: me(s, csrfToken) };
  }

  /** A wrong code: counted, and at the limit the sign-in ends. */
  async function wrongCode(s: Session): Promise<never> {
    const failedCodes = await repo.countWrongCode(s.sessionId);
    if (failedCodes >= MAX_FAILED_CODES) {
      await repo.revokeSession(s.sessionId, now());
      throw new AppError('STAFF_SESSION_EXPIRED', 401, 'Too many wrong codes: sign in with your password again.');
    }
    throw new AppError('STAFF_CODE_INVALID', 401, 'That code is not right.', 'body.code');
  }

  /** The time step a TOTP code belongs to (current ±1 step), or undefined when it is not a valid code. */
  function totpStep(secret: string, username: string, code: string): number | undefined {
    const at = now().getTime();
    const delta = totpOf(secret, username).validate({ token: code, timestamp: at, window: 1 });
    return delta === null ? undefined : Math.floor(at / 1000 / TOTP_PERIOD) + delta;
  }

  return {
    /** The first owner, from automation holding the operator key; refused once any owner exists. */
    async createFirstOwner(actor: Actor, s: { username: string; displayName?: string | undefined; password: string }) {
      return repo.transaction(async (trx) => {
        // One first owner even when two commands race.
        await repo.lockFirstOwner(trx);
        if (await repo.ownerExists(trx))
          throw new AppError(
            'STAFF_OWNER_EXISTS',
            409,
            'The first owner already exists; owners add staff in the back office.',
          );
        return insertStaff(trx, actor, { ...s, displayName: s.displayName ?? s.username, role: 'owner' });
      });
    },

    createStaff: (
      actor: Actor & { role: StaffRole },
      s: { username: string; displayName: string; role: StaffRole; password: string },
    ) => {
      if (s.role === 'owner' && actor.role !== 'owner') throw ownersOnly();
      return repo.transaction((trx) => insertStaff(trx, actor, s));
    },

    /**
     * Disables or enables a staff user, or gives them another role (decision 029). Either ends every
     * session of theirs at once, in the same transaction as the change and its audit row. Nobody changes
     * their own account; only an owner touches an owner's account or grants the owner role; and the
     * site keeps at least one active owner — checked under a lock, so two owners disabling each other
     * at the same moment cannot both succeed.
     */
    async updateStaff(
      actor: Actor & { staffId: string; role: StaffRole },
      change: { id: string; status?: 'ACTIVE' | 'DISABLED' | undefined; role?: StaffRole | undefined },
    ) {
      if (change.status === undefined && change.role === undefined)
        throw new AppError('VALIDATION_FAILED', 400, 'Give a status or a role.', 'body.status');
      if (change.id === actor.staffId)
        throw new AppError('STAFF_SELF_CHANGE', 409, 'You cannot disable your own account or change your own role.');
      return repo.transaction(async (trx) => {
        await repo.lockOwners(trx);
        // The caller's own account may have been disabled or demoted a moment ago.
        const self = await repo.userById(trx, actor.staffId);
        if (!self) throw new AppError('STAFF_SESSION_EXPIRED', 401, 'Your back-office session has ended.');
        if (self.status !== 'ACTIVE')
          throw new AppError('STAFF_ACCOUNT_DISABLED', 401, 'This back-office account is disabled.');
        if (!roleHolds(self.role, 'staff.manage'))
          throw new AppError('STAFF_FORBIDDEN', 403, `The ${self.role} role does not hold staff.manage.`);
        const target = await repo.userById(trx, change.id);
        if (!target) throw new AppError('NOT_FOUND', 404, 'No such staff user.', 'body.id');
        const next = { status: change.status ?? target.status, role: change.role ?? target.role };
        if (next.status === target.status && next.role === target.role) return staffView(target);
        if ((target.role === 'owner' || next.role === 'owner') && self.role !== 'owner') throw ownersOnly();
        const removesOwner =
          target.role === 'owner' && target.status === 'ACTIVE' && (next.role !== 'owner' || next.status !== 'ACTIVE');
        if (removesOwner && (await repo.activeOwnerCount(trx)) <= 1)
          throw new AppError('STAFF_LAST_OWNER', 409, 'The site needs at least one active owner.');
        const updated = await repo.setStatusAndRole(trx, target.id, next);
        const endedSessions = await repo.revokeSessionsOf(trx, target.id, now());
        const action =
          next.role !== target.role
            ? next.status !== target.status
              ? 'staff.update'
              : 'staff.role'
            : next.status === 'DISABLED'
              ? 'staff.disable'
              : 'staff.enable';
        const before = staffView(target);
        const after = staffView(updated);
        await writeAudit(trx, actor, {
          action,
          target: `staff:${target.id}`,
          before: { status: before.status, role: before.role },
          after: { status: after.status, role: after.role, endedSessions },
        });
        return after;
      });
    },

    async list() {
      return (await repo.listUsers()).map(staffView);
    },

    /**
     * The password step. Answers a new session token (in the SECOND_FACTOR stage) and whether the
     * user must enrol a TOTP secret first. A wrong name or password takes as long as a right one.
     */
    async signIn(
      username: string,
      password: string,
      ctx: { ip: string; userAgent: string | undefined },
    ): Promise<{ token: string; stage: 'ENROL' | 'TOTP' }> {
      const user = await repo.userByName(username);
      const ok = await verifyPassword(user?.passwordHash, password);
      if (!user || !ok) throw new AppError('WRONG_CREDENTIALS', 401, 'The name or password is wrong.');
      if (user.status !== 'ACTIVE')
        throw new AppError('STAFF_ACCOUNT_DISABLED', 403, 'This back-office account is disabled.');
      const token = randomBytes(32).toString('base64url');
      const at = now();
      await repo.insertSession({
        staffId: user.id,
        tokenHash: hashToken(token),
        csrfToken: randomBytes(24).toString('base64url'),
        stage: 'SECOND_FACTOR',
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + opts.maxHours * 3_600_000),
        revokedAt: null,
        ip: ctx.ip,
        userAgent: ctx.userAgent?.slice(0, 300) ?? null,
      });
      return { token, stage: user.totpEnabled ? 'TOTP' : 'ENROL' };
    },

    /** A fresh TOTP secret for a user who has none enabled yet (each call replaces the last one). */
    async enrolment(token: string | undefined) {
      const s = await pendingSession(token);
      if (s.totpEnabled || s.stage !== 'SECOND_FACTOR')
        throw new AppError('STAFF_FORBIDDEN', 403, 'The second factor is already enrolled.');
      const secret = new Secret({ size: 20 }).base32;
      await repo.setTotpSecret(s.staffId, secret);
      const otpauthUrl = totpOf(secret, s.username).toString();
      return { secret, otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
    },

    /** Confirms the enrolment with a current code: the secret is on, recovery codes are issued once. */
    async enrol(token: string | undefined, code: string, ip: string) {
      const s = await pendingSession(token);
      if (s.totpEnabled || s.stage !== 'SECOND_FACTOR' || !s.totpSecret)
        throw new AppError('STAFF_FORBIDDEN', 403, 'Ask for an enrolment first.');
      const step = totpStep(s.totpSecret, s.username, code);
      if (step === undefined) return wrongCode(s);
      const recoveryCodes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
      const hashes = await Promise.all(recoveryCodes.map((c) => hashPassword(c)));
      return repo.transaction(async (trx) => {
        await repo.enableTotp(trx, s.staffId, step, hashes);
        await writeAudit(
          trx,
          { staffId: String(s.staffId), name: s.username, ip },
          { action: 'staff.enrolSecondFactor', target: `staff:${s.staffId}` },
        );
        return { recoveryCodes, ...(await completeSignIn(trx, s, ip)) };
      });
    },

    /** The second factor of a sign-in: a TOTP code (each good once) or a recovery code (spent). */
    async verify(token: string | undefined, code: string, ip: string) {
      const s = await pendingSession(token);
      if (s.stage !== 'SECOND_FACTOR' || !s.totpEnabled || !s.totpSecret)
        throw new AppError('STAFF_FORBIDDEN', 403, 'Enrol the second factor first.');
      if (/^[0-9]{6}$/.test(code)) {
        const step = totpStep(s.totpSecret, s.username, code);
        if (step === undefined) return wrongCode(s);
        // A code is good once: the step must be newer than the last one taken (checked under the row lock).
        // A used code is counted after the transaction: the embedded database has one connection, so no
        // second statement may wait on it from outside.
        const signedIn = await repo.transaction(async (trx) =>
          (await repo.takeTotpStep(trx, s.staffId, step)) ? completeSignIn(trx, s, ip) : undefined,
        );
        return signedIn ?? wrongCode(s);
      }
      const normalized = code.toLowerCase();
      for (const hash of s.recoveryCodeHashes) {
        if (!(await verifyPassword(hash, normalized))) continue;
        const signedIn = await repo.transaction(async (trx) => {
          if (!(await repo.spendRecoveryCode(trx, s.staffId, hash))) return undefined;
          await writeAudit(
            trx,
            { staffId: String(s.staffId), name: s.username, ip },
            { action: 'staff.useRecoveryCode', target: `staff:${s.staffId}` },
          );
          return completeSignIn(trx, s, ip);
        });
        return signedIn ?? wrongCode(s);
      }
      return wrongCode(s);
    },

    /** The signed-in staff user of a cookie token (for the console's start), touching the idle clock. */
    async me(token: string | undefined): Promise<StaffMe> {
      const s = await sessionOf(token);
      if (!s) throw new AppError('STAFF_NOT_SIGNED_IN', 401, 'Please sign in to the back office.');
      if (!live(s, now())) throw ended(s, 'Your back-office session has ended.');
      if (s.stage !== 'SIGNED_IN')
        throw new AppError('STAFF_SECOND_FACTOR_REQUIRED', 401, 'Enter the code from your authenticator app.');
      await repo.touchSession(s.sessionId, now());
      return me(s, s.csrfToken);
    },

    async signOut(token: string | undefined): Promise<boolean> {
      if (!token) return false;
      return repo.revokeByTokenHash(hashToken(token), now());
    },

    /**
     * The staff guard of every `{ staff: permission }` route (docs/decisions/017): a live signed-in
     * session, the CSRF token on anything but a read, and the role holding the permission.
     */
    async guard(request: FastifyRequest, permission: StaffPermission): Promise<StaffPrincipal> {
      const s = await sessionOf(staffToken(request));
      if (!s) throw new AppError('STAFF_NOT_SIGNED_IN', 401, 'Please sign in to the back office.');
      const at = now();
      if (!live(s, at)) throw ended(s, 'Your back-office session has ended.');
      if (s.stage !== 'SIGNED_IN')
        throw new AppError('STAFF_SECOND_FACTOR_REQUIRED', 401, 'Enter the code from your authenticator app.');
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const given = request.headers['x-csrf-token'];
        if (typeof given !== 'string' || !sameText(given, s.csrfToken))
          throw new AppError('STAFF_CSRF_INVALID', 403, 'The CSRF token is missing or wrong.');
      }
      if (!roleHolds(s.role, permission))
        throw new AppError('STAFF_FORBIDDEN', 403, `The ${s.role} role does not hold ${permission}.`);
      if (at.getTime() - new Date(s.lastSeenAt).getTime() > TOUCH_MS) await repo.touchSession(s.sessionId, at);
      return {
        staffId: String(s.staffId),
        username: s.username,
        role: s.role,
        sessionId: String(s.sessionId),
        ip: clientAddress(request),
      };
    },
  };
}
export type StaffAuthService = ReturnType<typeof staffAuthService>;

/** The audit actor of a staff call. */
export const actorOf = (p: StaffPrincipal): Actor => ({ staffId: p.staffId, name: p.username, ip: p.ip });

/** The audit actor of a staff call, with its id and role (for rules that depend on who asks). */
export const staffActorOf = (p: StaffPrincipal) => ({ ...actorOf(p), staffId: p.staffId, role: p.role });
