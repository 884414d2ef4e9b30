import { z } from 'zod';
import { defineRoute, type StaffPermission } from '../http.ts';

/** The back office's roles (issue 14). */
export const STAFF_ROLES = ['owner', 'admin', 'finance', 'support', 'content', 'risk'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/**
 * Every permission a staff call may require, and the roles that hold it. The server checks it on each
 * call (the staff guard); the console reads the same table to hide what a role cannot do.
 */
export const STAFF_PERMISSIONS = {
  'staff.read': ['owner', 'admin'],
  'staff.manage': ['owner', 'admin'],
  'players.read': ['owner', 'admin', 'finance', 'support', 'risk'],
  'players.lock': ['owner', 'admin', 'support', 'risk'],
  'players.forcePassword': ['owner', 'admin', 'support'],
  'players.adjust': ['owner', 'admin', 'finance'],
  'players.approveAdjustment': ['owner', 'admin', 'finance'],
  'players.note': ['owner', 'admin', 'finance', 'support', 'risk'],
  'players.resetPaymentPassword': ['owner', 'admin', 'support'],
  'players.move': ['owner', 'admin'],
  'players.type': ['owner', 'admin'],
  'games.read': ['owner', 'admin', 'support', 'risk'],
  'games.manage': ['owner', 'admin'],
  'games.secret': ['owner', 'admin'],
  'site.read': ['owner', 'admin'],
  'site.manage': ['owner', 'admin'],
  'cashier.settings': ['owner', 'admin', 'finance'],
  'cashier.read': ['owner', 'admin', 'finance'],
  'cashier.decide': ['owner', 'admin', 'finance'],
  'content.read': ['owner', 'admin', 'content'],
  'content.write': ['owner', 'admin', 'content'],
  'audit.read': ['owner', 'admin', 'risk'],
  'dashboard.read': ['owner', 'admin', 'finance', 'risk'],
  /** Shared bank accounts, addresses and devices; large wins; new-address sign-ins. */
  'risk.read': ['owner', 'admin', 'risk'],
  /** Salary and dividend contracts and their settlements (issue 16). */
  'contracts.read': ['owner', 'admin', 'finance', 'risk'],
  'contracts.manage': ['owner', 'admin', 'finance'],
  /** The inbox and feedback (issue 18). */
  'messages.read': ['owner', 'admin', 'support', 'content'],
  'messages.send': ['owner', 'admin', 'support', 'content'],
  'feedback.read': ['owner', 'admin', 'support'],
  'feedback.reply': ['owner', 'admin', 'support'],
  /** Promotions and bonuses (issue 17). */
  'promotions.read': ['owner', 'admin', 'content', 'finance', 'support'],
  'promotions.manage': ['owner', 'admin', 'content'],
  'promotions.review': ['owner', 'admin', 'support', 'finance'],
  'bonuses.cancel': ['owner', 'admin', 'finance'],
  'bonuses.grant': ['owner', 'admin', 'finance'],
  /** Live support (issue 18): the console's queue and chats, hand-over, close, canned replies. */
  'support.chat': ['owner', 'admin', 'support'],
  /** The chat room (issue 18): remove messages, mute members, the room's rules. */
  'chat.moderate': ['owner', 'admin', 'support'],
  /**
   * The sportsbook (issue 20, decision 102): matches with their exposure; suspending a match or market;
   * settling, voiding or correcting a result by hand; margins, limits and the in-play delay.
   */
  'sports.read': ['owner', 'admin', 'support', 'risk'],
  'sports.suspend': ['owner', 'admin', 'risk'],
  'sports.settle': ['owner', 'admin'],
  'sports.settings': ['owner', 'admin'],
} as const satisfies Record<StaffPermission, readonly StaffRole[]>;
export type BackOfficePermission = keyof typeof STAFF_PERMISSIONS;

export const roleHolds = (role: StaffRole, permission: string): boolean =>
  ((STAFF_PERMISSIONS as Record<string, readonly StaffRole[]>)[permission] ?? []).includes(role);

export const permissionsOf = (role: StaffRole): BackOfficePermission[] =>
  (Object.keys(STAFF_PERMISSIONS) as BackOfficePermission[]).filter((p) => roleHolds(role, p));

/** A staff route: `{ staff: permission }` typed by the permission table. */
export const staff = <P extends BackOfficePermission>(permission: P) => ({ staff: permission }) as const;

/** Staff passwords: long, nothing else (NIST 800-63B); checked against the hash with argon2id. */
export const StaffPasswordSchema = z.string().min(12, 'at least 12 characters').max(128);
export const StaffUsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{2,31}$/, '3-32 letters, digits, dot, dash or underscore');
const TotpCode = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$|^[a-z0-9]{5}-[a-z0-9]{5}$/i, 'six digits, or a recovery code');

export const StaffMeSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: StaffRoleSchema,
  permissions: z.array(z.string()),
  /** Send it as X-CSRF-Token on every call that changes something. */
  csrfToken: z.string(),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

/** After the password: enrol a second factor first, or give the current code. */
const SignInStage = z.object({ stage: z.enum(['ENROL', 'TOTP']) });

export const staffSignIn = defineRoute({
  operationId: 'staffSignIn',
  method: 'POST',
  path: '/api/bo/auth/sign-in',
  summary: 'Back office: password step of a staff sign-in. Sets the session cookie, not yet signed in.',
  tags: ['backoffice'],
  audience: 'guest',
  rateLimit: { perMinute: 10 },
  body: z.object({ username: z.string().trim().toLowerCase().min(1).max(32), password: z.string().min(1).max(128) }),
  value: SignInStage,
});

export const staffEnrolment = defineRoute({
  operationId: 'staffEnrolment',
  method: 'POST',
  path: '/api/bo/auth/enrolment',
  summary: 'Back office: a new TOTP secret for a staff user without one (QR code and otpauth URL).',
  tags: ['backoffice'],
  audience: 'guest',
  rateLimit: { perMinute: 10 },
  value: z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() }),
});

export const staffEnrol = defineRoute({
  operationId: 'staffEnrol',
  method: 'POST',
  path: '/api/bo/auth/enrol',
  summary: 'Back office: confirm the TOTP secret with a code; answers the recovery codes once and signs in.',
  tags: ['backoffice'],
  audience: 'guest',
  rateLimit: { perMinute: 10 },
  body: z.object({
    code: z
      .string()
      .trim()
      .regex(/^[0-9]{6}$/, 'six digits'),
  }),
  value: z.object({ recoveryCodes: z.array(z.string()), me: StaffMeSchema }),
});

export const staffVerify = defineRoute({
  operationId: 'staffVerify',
  method: 'POST',
  path: '/api/bo/auth/verify',
  summary: 'Back office: the second factor (a TOTP code or a recovery code); completes the sign-in.',
  tags: ['backoffice'],
  audience: 'guest',
  rateLimit: { perMinute: 10 },
  body: z.object({ code: TotpCode }),
  value: StaffMeSchema,
});

export const staffMe = defineRoute({
  operationId: 'staffMe',
  method: 'GET',
  path: '/api/bo/auth/me',
  summary: 'Back office: the signed-in staff user, their permissions and the CSRF token.',
  tags: ['backoffice'],
  audience: 'guest',
  value: StaffMeSchema,
});

export const staffSignOut = defineRoute({
  operationId: 'staffSignOut',
  method: 'POST',
  path: '/api/bo/auth/sign-out',
  summary: 'Back office: ends the staff session.',
  tags: ['backoffice'],
  audience: 'guest',
  value: z.object({ signedOut: z.boolean() }),
});

export const StaffUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: StaffRoleSchema,
  status: z.enum(['ACTIVE', 'DISABLED']),
  totpEnabled: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

export const listStaff = defineRoute({
  operationId: 'listStaff',
  method: 'GET',
  path: '/api/bo/staff',
  summary: 'Back office: every staff user.',
  tags: ['backoffice'],
  audience: staff('staff.read'),
  value: z.object({ staff: z.array(StaffUserSchema) }),
});

export const createStaff = defineRoute({
  operationId: 'createStaff',
  method: 'POST',
  path: '/api/bo/staff',
  summary: 'Back office: a new staff user with a role; they enrol their second factor at first sign-in.',
  tags: ['backoffice'],
  audience: staff('staff.manage'),
  body: z.object({
    username: StaffUsernameSchema,
    displayName: z.string().trim().min(1).max(64),
    role: StaffRoleSchema,
    password: StaffPasswordSchema,
  }),
  value: StaffUserSchema,
});

export const updateStaff = defineRoute({
  operationId: 'updateStaff',
  method: 'POST',
  path: '/api/bo/staff/update',
  summary:
    "Back office: disable or enable a staff user, or change their role; either ends the user's sessions at once. Never one's own account, never the last active owner; only an owner touches an owner's account or grants the owner role.",
  tags: ['backoffice'],
  audience: staff('staff.manage'),
  body: z.object({
    id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id'),
    status: z.enum(['ACTIVE', 'DISABLED']).optional(),
    role: StaffRoleSchema.optional(),
  }),
  value: StaffUserSchema,
});

export const createFirstOwner = defineRoute({
  operationId: 'createFirstOwner',
  method: 'POST',
  path: '/api/ops/staff/first-owner',
  summary: 'Automation: the first back-office owner (`npm run ops -- staff create-owner`); refused once one exists.',
  tags: ['ops'],
  audience: 'operator',
  body: z.object({
    username: StaffUsernameSchema,
    displayName: z.string().trim().min(1).max(64).optional(),
    password: StaffPasswordSchema,
  }),
  value: StaffUserSchema,
});

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  staffId: z.string().nullable(),
  actor: z.string(),
  ip: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** Server-side paging shared by the console's grids. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

export const searchAudit = defineRoute({
  operationId: 'searchAudit',
  method: 'GET',
  path: '/api/bo/audit',
  summary: 'Back office: the audit trail, newest first, filtered by actor, action or target.',
  tags: ['backoffice'],
  audience: staff('audit.read'),
  query: PageQuery.extend({
    actor: z.string().trim().max(64).optional(),
    action: z.string().trim().max(64).optional(),
    target: z.string().trim().max(64).optional(),
  }),
  value: z.object({ entries: z.array(AuditEntrySchema), total: z.number().int() }),
});
