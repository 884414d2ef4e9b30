/**
 * Salary and dividend contracts: the operator's calls (back-office staff and the operator key). They
 * live apart from the agent's calls so that no back-office path or permission reaches the player
 * bundle, which imports the agent's file.
 */
import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { pageOf, pageQuery } from '../paging.ts';
import { staff } from './staff.contract.ts';
import {
  CONTRACT_PAGING,
  ContractId,
  ContractKindSchema,
  ContractSchema,
  ContractStatusSchema,
  Day,
  OfferTerms,
  SETTLEMENT_STATUSES,
  SettlementSchema,
  SettlementTotalsSchema,
} from '../agent/contracts.contract.ts';

// ---- Operator: back office (staff permissions) ----

const BoPaging = pageQuery(CONTRACT_PAGING);
const Account = z.string().trim().min(1).max(64);

/** Back office: every contract, filtered. */
export const boListContracts = defineRoute({
  operationId: 'boListContracts',
  method: 'GET',
  path: '/api/bo/contracts',
  summary:
    'Back office: every contract in the site, newest first, by kind, status, and holder or offering account (contains).',
  tags: ['backoffice', 'contracts'],
  audience: staff('contracts.read'),
  query: z.object({
    kind: ContractKindSchema.optional(),
    status: ContractStatusSchema.optional(),
    account: z.string().trim().max(64).optional(),
    /** Only contracts the operator offered (top-level agents). */
    topLevel: z.enum(['true', 'false']).optional(),
    ...BoPaging,
  }),
  value: pageOf(ContractSchema),
});

/** Back office: every settlement, filtered, with totals. */
export const boListSettlements = defineRoute({
  operationId: 'boListSettlements',
  method: 'GET',
  path: '/api/bo/contracts/settlements',
  summary:
    'Back office: settlements of every contract in a range of days, newest first, by kind, status and holder account, with totals over every page.',
  tags: ['backoffice', 'contracts'],
  audience: staff('contracts.read'),
  query: z.object({
    kind: ContractKindSchema.optional(),
    status: z.enum(SETTLEMENT_STATUSES).optional(),
    account: z.string().trim().max(64).optional(),
    from: Day.optional(),
    to: Day.optional(),
    ...BoPaging,
  }),
  value: pageOf(SettlementSchema, {
    from: Day,
    to: Day,
    currency: z.string(),
    totals: SettlementTotalsSchema,
  }),
});

/** Back office: offer a contract to a top-level agent (the house pays it). */
export const boOfferContract = defineRoute({
  operationId: 'boOfferContract',
  method: 'POST',
  path: '/api/bo/contracts/offer',
  summary:
    'Back office: offer a contract to a top-level agent (an agent without an upline); the house pays its settlements. A pending offer of the same kind is replaced.',
  tags: ['backoffice', 'contracts'],
  audience: staff('contracts.manage'),
  body: z.object({ account: Account, ...OfferTerms }),
  value: ContractSchema,
});

/** Back office: terminate any contract (from the next period on), with the rate rule down the tree. */
export const boTerminateContract = defineRoute({
  operationId: 'boTerminateContract',
  method: 'POST',
  path: '/api/bo/contracts/terminate',
  summary:
    "Back office: terminate a contract from the next period on (a pending offer ends at once); the holder's contracts of that kind end down the tree.",
  tags: ['backoffice', 'contracts'],
  audience: staff('contracts.manage'),
  body: z.object({ contractId: ContractId }),
  value: ContractSchema,
});

// ---- Operator: automation (`npm run ops`, X-Operator-Key) ----

/** `npm run ops contract-offer`: the same offer as the back office, for automation. */
export const opsOfferContract = defineRoute({
  operationId: 'opsOfferContract',
  method: 'POST',
  path: '/api/ops/contracts/offer',
  summary: 'Operator: offer a contract to a top-level agent (the house pays it).',
  tags: ['ops', 'contracts'],
  audience: 'operator',
  body: z.object({ account: Account, ...OfferTerms }),
  value: ContractSchema,
});

/** `npm run ops contract-terminate`. */
export const opsTerminateContract = defineRoute({
  operationId: 'opsTerminateContract',
  method: 'POST',
  path: '/api/ops/contracts/terminate',
  summary: 'Operator: terminate a contract from the next period on; contracts below end down the tree.',
  tags: ['ops', 'contracts'],
  audience: 'operator',
  body: z.object({ contractId: ContractId }),
  value: ContractSchema,
});

/** `npm run ops contracts`: list contracts. */
export const opsListContracts = defineRoute({
  operationId: 'opsListContracts',
  method: 'GET',
  path: '/api/ops/contracts',
  summary: 'Operator: contracts in the site, newest first, by kind, status and account.',
  tags: ['ops', 'contracts'],
  audience: 'operator',
  query: z.object({
    kind: ContractKindSchema.optional(),
    status: ContractStatusSchema.optional(),
    account: z.string().trim().max(64).optional(),
    ...BoPaging,
  }),
  value: pageOf(ContractSchema),
});
