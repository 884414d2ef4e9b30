import type { ErrorCode } from '@portal/contracts/errors.ts';
import { envelope, type RouteDef } from '@portal/contracts/http.ts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** An answer of a vendor's API that is not a success: a code the web app localizes. */
export class VendorApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    /** The input field the answer is about, for the game page to point at. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Calls one address may make per minute to a vendor route whose contract names no limit of its own. */
const DEFAULT_PER_MINUTE = 600;

type Handler<R extends RouteDef> = (input: {
  query: NonNullable<R['query']> extends z.ZodType ? z.output<NonNullable<R['query']>> : never;
  body: NonNullable<R['body']> extends z.ZodType ? z.output<NonNullable<R['body']>> : never;
}) => Promise<z.input<R['value']>>;

export type VendorRoute = <R extends RouteDef>(def: R, handler: Handler<R>) => void;

/**
 * A vendor's HTTP API, in its own Fastify scope on the host app (in-process, the portal's server).
 * It answers in the portal's envelope so the game pages read it like any other call, and checks input
 * and output against the vendor's contract, but shares nothing else with the operator's routes: no
 * member session, no operator guard, no maintenance gate; the vendor's own session token in the body
 * or query is the only key. The vendor's refusals (`VendorApiError`) are answered here; everything
 * else (validation, rate limits, a failure) goes to the host's error handler.
 */
export async function vendorApi(app: FastifyInstance, register: (route: VendorRoute) => void): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error, _request, reply) => {
      if (!(error instanceof VendorApiError)) throw error;
      return reply.status(error.statusCode).send({
        success: false,
        code: error.code,
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
      });
    });
    register((def, handler) => {
      scope.route({
        method: def.method,
        url: def.path,
        schema: {
          operationId: def.operationId,
          summary: def.summary,
          tags: def.tags,
          ...(def.query ? { querystring: def.query } : {}),
          ...(def.body ? { body: def.body } : {}),
          response: { 200: envelope(def.value) },
        },
        config: { rateLimit: { max: def.rateLimit?.perMinute ?? DEFAULT_PER_MINUTE, timeWindow: '1 minute' } },
        handler: async (request) => ({
          success: true as const,
          message: '',
          value: await handler({ query: request.query as never, body: request.body as never }),
        }),
      });
    });
  });
}
