import * as c from '@portal/contracts/agent/contracts.contract.ts';
import * as op from '@portal/contracts/backoffice/contracts.contract.ts';
import type { FastifyInstance } from 'fastify';
import { serve, type RouteGuards } from '../../plugins/route-registry.ts';
import { actorOf } from '../backoffice/staff-auth.service.ts';
import { writeAudit } from '../backoffice/audit.ts';
import type { ContractSettlement } from './contract-settlement.ts';
import type { ContractsService } from './contracts.service.ts';

/** Salary and dividend contracts (issue 16): the agent's calls, the back office's and the operator key's. */
export function contractsRoutes(
  app: FastifyInstance,
  guards: RouteGuards,
  contracts: { service: ContractsService; settlement: ContractSettlement },
): void {
  const { service, settlement } = contracts;
  serve(app, guards, c.getContractConsolidated, ({ member }) => service.consolidated(member.memberId));
  serve(app, guards, c.getMyContract, ({ member, query }) => service.mine(member.memberId, query.kind));
  serve(app, guards, c.getGivenContracts, ({ member, query }) => service.given(member.memberId, query));
  serve(app, guards, c.offerContract, ({ member, body }) => service.offer(member.memberId, body));
  serve(app, guards, c.acceptContract, ({ member, body }) => service.accept(member.memberId, body.contractId));
  serve(app, guards, c.rejectContract, ({ member, body }) => service.reject(member.memberId, body.contractId));
  serve(app, guards, c.terminateContract, ({ member, body }) => service.terminate(member.memberId, body.contractId));
  serve(app, guards, c.getPendingContracts, ({ member }) => service.pending(member.memberId));
  serve(app, guards, c.readContractNotices, ({ member, body }) => service.readNotices(member.memberId, body.ids));
  serve(app, guards, c.getContractStatements, ({ member, query }) => service.statements(member.memberId, query));
  serve(app, guards, c.claimContract, ({ member, body }) => settlement.claim(member.memberId, body.kind));

  serve(app, guards, op.boListContracts, ({ query }) => service.list(query));
  serve(app, guards, op.boListSettlements, ({ query }) => service.allSettlements(query));
  serve(app, guards, op.boOfferContract, ({ body, staff }) =>
    service.offerTopLevel(body, (trx, made) =>
      writeAudit(trx, actorOf(staff), { action: 'contract.offer', target: `contract:${made.id}`, after: made }),
    ),
  );
  serve(app, guards, op.boTerminateContract, ({ body, staff }) =>
    service.terminateByOperator(body.contractId, (trx, ended) =>
      writeAudit(trx, actorOf(staff), { action: 'contract.terminate', target: `contract:${ended.id}`, after: ended }),
    ),
  );

  serve(app, guards, op.opsOfferContract, ({ body }) => service.offerTopLevel(body));
  serve(app, guards, op.opsTerminateContract, ({ body }) => service.terminateByOperator(body.contractId));
  serve(app, guards, op.opsListContracts, ({ query }) => service.list(query));
}
