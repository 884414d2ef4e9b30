import { launchGame } from '@portal/contracts/games/games.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import type { LaunchService } from './launch.service.ts';

/** The operator's launch call: a game session and the vendor's launch URL for the member. */
export function launchRoutes(app: FastifyInstance, guards: RouteGuards, launch: LaunchService): void {
  serve(app, guards, launchGame, ({ query, request, member }) =>
    launch.launch(member, {
      ...query,
      language: query.language ?? request.headers['accept-language']?.slice(0, 2).toLowerCase(),
    }),
  );
}
