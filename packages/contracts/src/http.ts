import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A back-office permission, `area.action` (e.g. `cashier.approve`); the staff module names them. */
export type StaffPermission = `${string}.${string}`;

/**
 * Who may call a route. The server applies it before it reads the input (docs/decisions/017):
 * - `guest`: anyone (the maintenance and region gate still applies);
 * - `member`: a live member session; `realMember`: one that is not a trial account (TRIAL_NOT_ALLOWED);
 *   `agent`: one of the agent types (NOT_AGENT). A session that must change its password first
 *   reaches only the calls that change it, whatever the member audience;
 * - `operator`: the X-Operator-Key of automation (`npm run ops`);
 * - `vendor`: a game vendor's signed seamless call (no session, no gate, limited per vendor);
 * - `{ staff: permission }`: a back-office user holding that permission.
 */
export type Audience =
  'guest' | 'member' | 'realMember' | 'agent' | 'operator' | 'vendor' | { readonly staff: StaffPermission };

export const MEMBER_AUDIENCES = ['member', 'realMember', 'agent'] as const;
export type MemberAudience = (typeof MEMBER_AUDIENCES)[number];
export const isMemberAudience = (a: Audience): a is MemberAudience =>
  typeof a === 'string' && (MEMBER_AUDIENCES as readonly string[]).includes(a);
export const isStaffAudience = (a: Audience): a is { staff: StaffPermission } => typeof a === 'object';

/** Calls one client may make to this route per minute: per address, or per vendor for `vendor` routes. */
export interface RateLimit {
  perMinute: number;
}

/**
 * One call of the API. Server and web both read these: the server registers the route from it,
 * the web client builds the request and parses the answer with it.
 */
export interface RouteDef<
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  V extends z.ZodType = z.ZodType,
  A extends Audience = Audience,
> {
  operationId: string;
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  audience: A;
  /** Its own limit; without one, the site-wide per-address limit (RATE_LIMIT_MAX) applies. */
  rateLimit?: RateLimit;
  query?: Q;
  body?: B;
  /** The body is sent form-encoded (spec §7: forgot password by e-mail). */
  form?: boolean;
  value: V;
}

export function defineRoute<Q extends z.ZodType, B extends z.ZodType, V extends z.ZodType, const A extends Audience>(
  def: RouteDef<Q, B, V, A>,
): RouteDef<Q, B, V, A> {
  return def;
}

/** The spec's response envelope: `success`, `message`, `value`. */
export function envelope<V extends z.ZodType>(value: V) {
  return z.object({ success: z.literal(true), message: z.string(), value });
}

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: ErrorCodeSchema,
  message: z.string(),
  /** The input field that failed, when one did (dotted path, e.g. `body.email`). */
  field: z.string().optional(),
  value: z.unknown().optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export type RouteValue<R extends RouteDef> = z.infer<R['value']>;
export type RouteQuery<R extends RouteDef> = R['query'] extends z.ZodType ? z.input<R['query']> : never;
export type RouteBody<R extends RouteDef> = R['body'] extends z.ZodType ? z.input<R['body']> : never;
