import * as c from '@portal/contracts/house/house-vendor.contract.ts';
import type { RouteDef } from '@portal/contracts/http.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HouseApiError, type HouseService } from './house-service.ts';

type Handler<R extends RouteDef> = (input: {
  query: NonNullable<R['query']> extends z.ZodType ? z.output<NonNullable<R['query']>> : never;
  body: NonNullable<R['body']> extends z.ZodType ? z.output<NonNullable<R['body']>> : never;
}) => Promise<z.input<R['value']>>;

/**
 * The vendor's HTTP API, mounted on its own prefix. It answers in the portal's envelope so the game
 * clients read it like any other call, but it shares nothing else with the operator's routes: no
 * member session, no operator guard; a vendor session token in the body or query is the only key.
 */
export async function houseRoutes(app: FastifyInstance, house: HouseService): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error: Error & { validation?: unknown; statusCode?: number }, _req, reply) => {
      if (error instanceof HouseApiError)
        return reply.status(error.statusCode).send({ success: false, code: error.code, message: error.message });
      if (error.validation)
        return reply.status(400).send({ success: false, code: 'VALIDATION_FAILED', message: error.message });
      if (error.statusCode === 429)
        return reply.status(429).send({ success: false, code: 'RATE_LIMITED', message: 'Too many requests.' });
      scope.log.error({ err: error }, 'house vendor call failed');
      return reply
        .status(500)
        .send({ success: false, code: 'INTERNAL_ERROR', message: 'System error, please try again later.' });
    });

    const route = <R extends RouteDef>(def: R, handler: Handler<R>) => {
      scope.route({
        method: def.method,
        url: def.path,
        schema: {
          operationId: def.operationId,
          summary: def.summary,
          tags: def.tags,
          ...(def.query ? { querystring: def.query } : {}),
          ...(def.body ? { body: def.body } : {}),
        },
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          const value = await handler({ query: request.query as never, body: request.body as never });
          return reply.send({ success: true, message: '', value });
        },
      });
    };

    route(c.houseOpenSession, ({ body }) => house.openSession(body.launchToken));
    route(c.houseBalance, ({ query }) => house.balance(query.session));
    route(c.housePlay, ({ body }) => house.play(body.session, body.requestId, body.params));
    route(c.houseMinesStart, ({ body }) => house.minesStart(body.session, body.requestId, body.bet, body.mines));
    route(c.houseMinesPick, ({ body }) => house.minesPick(body.session, body.roundId, body.tile));
    route(c.houseMinesCashout, ({ body }) => house.minesCashout(body.session, body.roundId));
    route(c.houseFairness, ({ query }) => house.fairness(query.session));
    route(c.houseRotateSeed, ({ body }) => house.rotateSeed(body.session, body.clientSeed));
    route(c.houseRounds, ({ query }) => house.rounds(query.session, query.limit));
  });
}
