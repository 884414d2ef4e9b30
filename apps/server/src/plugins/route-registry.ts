import { envelope, type RouteDef } from '@portal/contracts/http.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

export interface HandlerInput<Q extends z.ZodType, B extends z.ZodType> {
  query: z.output<Q>;
  body: z.output<B>;
  request: FastifyRequest;
  reply: FastifyReply;
}
export type Handler<Q extends z.ZodType, B extends z.ZodType, V extends z.ZodType> = (
  input: HandlerInput<Q, B>,
) => Promise<z.input<V>>;

export interface RouteGuards {
  /** Runs before handlers of routes whose `auth` is `operator`. */
  operator: preHandlerHookHandler;
  /** Runs before every other route: maintenance and region gate. */
  gate: preHandlerHookHandler;
  /** Runs after the gate on routes whose `auth` is `member`: a live session. */
  member: preHandlerHookHandler;
  /** Multiplies every per-route limit (RATE_LIMIT_SCALE); 1 in production. */
  rateLimitScale: number;
}

export interface RouteOptions {
  /** Per-IP limit for this route, on top of the global one. */
  rateLimit?: { max: number; timeWindow: string };
  /** Bytes this route's body may have, when it must differ from the app's (uploads). */
  bodyLimit?: number;
}

/**
 * Registers one contract route. The schema, operationId and envelope come from the contract, so
 * the OpenAPI document, the validation and the web client can never disagree.
 */
export function serve<Q extends z.ZodType, B extends z.ZodType, V extends z.ZodType>(
  app: FastifyInstance,
  guards: RouteGuards,
  route: RouteDef<Q, B, V>,
  handler: Handler<Q, B, V>,
  options: RouteOptions = {},
): void {
  const preHandler =
    route.auth === 'operator'
      ? [guards.operator]
      : route.auth === 'member'
        ? [guards.gate, guards.member]
        : [guards.gate];
  // Input and output types come from the contract (Handler); Fastify checks them at run time with zod.
  (app.withTypeProvider<ZodTypeProvider>() as unknown as FastifyInstance).route({
    method: route.method,
    url: route.path,
    // Who may call comes before what they sent: a guest learns nothing from the validation of a member call.
    preValidation: preHandler,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.rateLimit
      ? { config: { rateLimit: { ...options.rateLimit, max: options.rateLimit.max * guards.rateLimitScale } } }
      : {}),
    schema: {
      operationId: route.operationId,
      summary: route.summary,
      tags: route.tags,
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.auth === 'operator' ? { security: [{ operatorKey: [] }] } : {}),
      ...(route.auth === 'member' ? { security: [{ bearer: [] }] } : {}),
      response: { 200: envelope(route.value) },
    },
    handler: async (request, reply) => {
      const value = await handler({
        query: request.query as z.output<Q>,
        body: request.body as z.output<B>,
        request,
        reply,
      });
      return { success: true as const, message: '', value };
    },
  });
}
