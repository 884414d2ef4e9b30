import {
  envelope,
  isMemberAudience,
  isStaffAudience,
  type Audience,
  type MemberAudience,
  type RouteDef,
  type StaffPermission,
} from '@portal/contracts/http.ts';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { SEAMLESS_HEADERS } from '@portal/contracts/games/seamless.contract.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { SessionMember } from '../modules/auth/session.service.ts';
import { checkMemberAudience } from './member-auth.ts';

/** Who a staff guard says the caller is. The back office (issue 14) adds its fields by declaration merging. */
export interface StaffPrincipal {
  staffId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guard of member, realMember and agent routes. */
    member?: SessionMember;
    /** Set by the staff guard of `{ staff: permission }` routes. */
    staff?: StaffPrincipal;
  }
}

/** What a handler gets besides its input: the member of member routes, the staff user of staff routes. */
export type AudienceInput<A extends Audience> = A extends MemberAudience
  ? { member: SessionMember }
  : A extends { staff: StaffPermission }
    ? { staff: StaffPrincipal }
    : unknown;

export type HandlerInput<Q extends z.ZodType, B extends z.ZodType, A extends Audience = Audience> = {
  query: z.output<Q>;
  body: z.output<B>;
  request: FastifyRequest;
  reply: FastifyReply;
} & AudienceInput<A>;
export type Handler<Q extends z.ZodType, B extends z.ZodType, V extends z.ZodType, A extends Audience = Audience> = (
  input: HandlerInput<Q, B, A>,
) => Promise<z.input<V> | EncodedAnswer>;

/** A route's whole answer (envelope and value), already checked against its contract and encoded: sent as is. */
export class EncodedAnswer {
  constructor(readonly body: Buffer) {}
}

/**
 * For values a handler serves to many requests (a cached page): each value object is checked against
 * the route's contract and encoded once, the first time it is sent, instead of on every request
 * (the zod encode and JSON.stringify of a 30-game page were a fifth of the lobby's CPU; decision 037).
 */
export function encodeOnce<V extends z.ZodType>(route: RouteDef<z.ZodType, z.ZodType, V, Audience>) {
  const schema = envelope(route.value);
  const encoded = new WeakMap<object, EncodedAnswer>();
  return (value: z.input<V> & object): EncodedAnswer => {
    let answer = encoded.get(value);
    if (!answer) {
      const checked = schema.encode({ success: true as const, message: '', value } as z.output<typeof schema>);
      answer = new EncodedAnswer(Buffer.from(JSON.stringify(checked)));
      encoded.set(value, answer);
    }
    return answer;
  };
}

/** The checks behind each audience, built once by the app from the composition root. */
export interface RouteGuards {
  /** Maintenance and region gate: before every guest and member route. */
  gate: preHandlerHookHandler;
  /** The X-Operator-Key of automation. */
  operator: preHandlerHookHandler;
  /** The caller's live member session (NOT_LOGGED_IN, SESSION_EXPIRED, PASSWORD_CHANGE_REQUIRED otherwise). */
  member: (request: FastifyRequest) => Promise<SessionMember>;
  /**
   * The back office's check that a staff session holds `permission` (refusing otherwise). Until one is
   * registered, a staff route cannot be registered: the server refuses to start.
   */
  staff?: ((request: FastifyRequest, permission: StaffPermission) => Promise<StaffPrincipal>) | undefined;
}

export interface RouteOptions {
  /** Bytes this route's body may have, when it must differ from the app's (uploads). */
  bodyLimit?: number;
}

/** The rate-limit key of a vendor's calls: its operator id, so one vendor's traffic never starves another's. */
const vendorKey = (request: FastifyRequest) => {
  const id = request.headers[SEAMLESS_HEADERS.operatorId];
  return `vendor:${(Array.isArray(id) ? id[0] : id) ?? request.ip}`;
};

/**
 * The route's declared limit as `@fastify/rate-limit` route config (scaled by RATE_LIMIT_SCALE in
 * plugins/rate-limits.ts). Without a declared limit the site-wide one applies.
 */
export function rateLimitConfig(route: Pick<RouteDef, 'audience' | 'rateLimit'>): { rateLimit?: RateLimitOptions } {
  if (!route.rateLimit) return {};
  return {
    rateLimit: {
      max: route.rateLimit.perMinute,
      timeWindow: '1 minute',
      ...(route.audience === 'vendor' ? { keyGenerator: vendorKey } : {}),
    },
  };
}

/** The hooks that admit the route's audience, in order; throws at registration for a route no guard can admit. */
export function audienceHooks(guards: RouteGuards, route: RouteDef): preHandlerHookHandler[] {
  const audience = route.audience;
  if (audience === 'guest') return [guards.gate];
  if (audience === 'operator') return [guards.operator];
  if (isMemberAudience(audience)) {
    const admit: preHandlerHookHandler = async (request) => {
      request.member = checkMemberAudience(audience, await guards.member(request));
    };
    return [guards.gate, admit];
  }
  if (isStaffAudience(audience)) {
    const staff = guards.staff;
    if (!staff)
      throw new Error(
        `Route ${route.operationId} (${route.method} ${route.path}) is for staff with '${audience.staff}', ` +
          'but no staff guard is registered: give RouteGuards.staff from the composition root (docs/decisions/017).',
      );
    const admit: preHandlerHookHandler = async (request) => {
      request.staff = await staff(request, audience.staff);
    };
    return [admit];
  }
  throw new Error(
    `Route ${route.operationId} is for vendors: signed seamless calls answer in their own protocol and are ` +
      'registered by seamlessWalletRoutes, not serve().',
  );
}

/**
 * Registers one contract route. The schema, operationId, envelope, audience and rate limit come from
 * the contract, so the OpenAPI document, the validation, the access rules and the web client can
 * never disagree. Handlers of member routes get the caller as `member`.
 */
export function serve<Q extends z.ZodType, B extends z.ZodType, V extends z.ZodType, A extends Audience>(
  app: FastifyInstance,
  guards: RouteGuards,
  route: RouteDef<Q, B, V, A>,
  handler: Handler<Q, B, V, A>,
  options: RouteOptions = {},
): void {
  const audience: Audience = route.audience;
  // Input and output types come from the contract (Handler); Fastify checks them at run time with zod.
  (app.withTypeProvider<ZodTypeProvider>() as unknown as FastifyInstance).route({
    method: route.method,
    url: route.path,
    // Who may call comes before what they sent: a guest learns nothing from the validation of a member call.
    preValidation: audienceHooks(guards, route),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    config: rateLimitConfig(route),
    schema: {
      operationId: route.operationId,
      summary: route.summary,
      tags: route.tags,
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(audience === 'operator' ? { security: [{ operatorKey: [] }] } : {}),
      ...(isMemberAudience(audience) ? { security: [{ bearer: [] }] } : {}),
      response: { 200: envelope(route.value) },
    },
    handler: async (request, reply) => {
      const input = {
        query: request.query as z.output<Q>,
        body: request.body as z.output<B>,
        request,
        reply,
        member: request.member,
        staff: request.staff,
      } as unknown as HandlerInput<Q, B, A>;
      const value = await handler(input);
      if (value instanceof EncodedAnswer) {
        void reply.type('application/json; charset=utf-8');
        return value.body;
      }
      return { success: true as const, message: '', value };
    },
  });
}
