import * as c from '@portal/contracts/messaging/messaging.contract.ts';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { OutboxService } from './outbox.service.ts';

export interface MessagingRouteDeps {
  env: Pick<Env, 'NODE_ENV'>;
  outbox: OutboxService;
}

export function messagingRoutes(app: FastifyInstance, guards: RouteGuards, deps: MessagingRouteDeps): void {
  // The outbox holds live one-time codes in plain text: a production server must never expose it.
  // Not registering the route (rather than refusing) keeps it out of the OpenAPI document too.
  if (deps.env.NODE_ENV === 'production') return;
  serve(app, guards, c.listOutbox, ({ query }) =>
    deps.outbox.list({ channel: query.channel, limit: query.limit }).then((messages) => ({ messages })),
  );
}
