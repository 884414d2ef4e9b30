import {
  CONTRACT_KINDS,
  type Contract,
  type ContractKind,
  type ContractPeriod,
  type ContractTier,
  type Settlement,
} from '@portal/contracts/agent/contracts.contract.ts';
import { isAgentType, type ModuleFlag, SITE_CURRENCY, SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { AgentScope } from '../agent/agent-scope.ts';
import { resolveRange } from '../wallet/history.service.ts';
import { nextBoundary } from './contract-periods.ts';
import { checkOffer, formatRate, KIND_FLAG, parseRate } from './contract-rules.ts';
import type { ContractRow, ContractsRepository, SettlementRow, TerminatedBy } from './contracts.repository.ts';

export { KIND_FLAG } from './contract-rules.ts';

/** Work that must commit with the change it records (the back office's audit row): the contract as changed. */
export type InTransaction = (trx: Executor, contract: Contract) => Promise<void>;

export interface ContractsDeps {
  repo: ContractsRepository;
  scope: AgentScope;
  flags: () => Promise<Record<ModuleFlag, boolean>>;
  /** The site's switches of contracts (manual claiming, automatic payment). */
  options: () => Promise<{ manualClaim: boolean; autoPay: boolean }>;
  now: () => Date;
  timeZone?: string;
}

const inForce = (c: ContractRow, now: Date) =>
  c.effectiveFrom !== null &&
  c.status !== 'OFFERED' &&
  c.status !== 'REJECTED' &&
  c.effectiveFrom <= now &&
  (c.endsAt === null || now < c.endsAt);

const FIVE_MINUTES = 5 * 60_000;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toContract(c: ContractRow, now: Date): Contract {
  return {
    id: c.id,
    kind: c.kind,
    period: c.period,
    status: c.status,
    tiers: c.tiers,
    rate: formatRate(parseRate(c.maxRate)),
    holder: { id: c.holderId, account: c.holderAccount, nickname: c.holderNickname },
    offeredBy: c.offeredBy ? { id: c.offeredBy, account: c.offererAccount!, nickname: c.offererNickname } : null,
    createdAt: iso(c.createdAt)!,
    decidedAt: iso(c.decidedAt),
    effectiveFrom: iso(c.effectiveFrom),
    endsAt: iso(c.endsAt),
    terminatedBy: c.terminatedBy,
    inForce: inForce(c, now),
  };
}

export function toSettlement(s: SettlementRow): Settlement {
  return {
    id: s.id,
    contractId: s.contractId,
    kind: s.kind,
    period: s.period,
    periodKey: s.periodKey,
    periodStart: iso(s.periodStart)!,
    periodEnd: iso(s.periodEnd)!,
    holder: { id: s.holderId, account: s.holderAccount, nickname: s.holderNickname },
    payer: s.payerId ? { id: s.payerId, account: s.payerAccount!, nickname: s.payerNickname } : null,
    validBet: s.validBet,
    loss: s.loss,
    activeMembers: s.activeMembers,
    tier: s.tier,
    rate: formatRate(parseRate(s.rate)),
    amount: s.amount,
    status: s.status,
    settledAt: iso(s.settledAt)!,
    paidAt: iso(s.paidAt),
  };
}

/** Splits one holder's contracts of a kind into the one in force, the next one, a pending offer, and the rest. */
export function arrange(rows: ContractRow[], now: Date) {
  const current = rows.find((c) => inForce(c, now)) ?? null;
  const next =
    rows.find((c) => c !== current && c.status === 'ACCEPTED' && c.effectiveFrom !== null && c.effectiveFrom > now) ??
    null;
  const pending = rows.find((c) => c.status === 'OFFERED') ?? null;
  const history = rows.filter((c) => c !== current && c !== next && c !== pending);
  return { current, next, pending, history };
}

/**
 * The life cycle of contracts and the rate rule (issue 16). Every change of a kind runs in one
 * transaction holding that kind's lock, so a cascade never interleaves with an offer or an acceptance.
 */
export function contractsService(deps: ContractsDeps) {
  const { repo, scope } = deps;
  const tz = deps.timeZone ?? SITE_TIME_ZONE;
  const notFound = () => new AppError('CONTRACT_NOT_FOUND', 404, 'The contract was not found.', 'body.contractId');

  async function requireEnabled(kind: ContractKind) {
    const flags = await deps.flags();
    if (!flags[KIND_FLAG[kind]])
      throw new AppError('CONTRACT_KIND_DISABLED', 409, 'This kind of contract is not enabled on this site.', 'kind');
  }

  /**
   * Ends a contract from the next period on (an offer at once) and, when the holder thereby loses its
   * rate, ends every open contract of that kind it gave, down the whole tree. Each holder whose
   * contract ends gets a notice.
   */
  async function end(trx: Executor, c: ContractRow, by: TerminatedBy, now: Date, notify: string | null) {
    if (c.status === 'OFFERED') {
      await repo.update(trx, c.id, { status: 'TERMINATED', endsAt: now, terminatedBy: by });
    } else {
      const boundary = nextBoundary(c.period, now, tz);
      const endsAt = c.effectiveFrom && c.effectiveFrom > boundary ? c.effectiveFrom : boundary;
      await repo.update(trx, c.id, { status: 'TERMINATED', endsAt, terminatedBy: by });
      await limitBelow(trx, c.holderId, c.kind, null, now);
    }
    if (notify)
      await repo.addNotice(trx, {
        memberId: notify,
        contractId: c.id,
        kind: c.kind,
        event: 'TERMINATED',
        terminatedBy: by,
        now,
      });
  }

  /** The rate rule: every open contract of `kind` the agent gave above `limit` (all when null) ends. */
  async function limitBelow(trx: Executor, agentId: string, kind: ContractKind, limit: bigint | null, now: Date) {
    for (const given of await repo.openGivenBy(trx, agentId, kind))
      if (limit === null || parseRate(given.maxRate) > limit) await end(trx, given, 'RATE_RULE', now, given.holderId);
  }

  async function offerTo(
    holder: { id: string; type: number; uplineId: string | null },
    offeredBy: string | null,
    terms: { kind: ContractKind; period?: ContractPeriod | undefined; tiers: ContractTier[] },
    audit?: InTransaction,
  ) {
    await requireEnabled(terms.kind);
    if (!isAgentType(holder.type))
      throw new AppError('CONTRACT_HOLDER_NOT_AGENT', 409, 'Contracts go to agents only.', 'body.memberId');
    const offer = checkOffer(terms.kind, terms.period, terms.tiers);
    const now = deps.now();
    const id = await repo.transaction(async (trx) => {
      await repo.lockKind(trx, terms.kind);
      if (offeredBy !== null) {
        const own = await repo.held(offeredBy, terms.kind, trx);
        if (!own)
          throw new AppError(
            'CONTRACT_NO_RATE_TO_OFFER',
            409,
            'You hold no contract of this kind to offer from.',
            'body.kind',
          );
        if (offer.maxRate > parseRate(own.maxRate))
          throw new AppError(
            'CONTRACT_RATE_ABOVE_UPLINE',
            409,
            `The rate may not be above your own rate (${formatRate(parseRate(own.maxRate))}).`,
            'body.tiers',
          );
      }
      const pending = (await repo.ofHolder(holder.id, terms.kind, 5, trx)).find((c) => c.status === 'OFFERED');
      if (pending) await repo.update(trx, pending.id, { status: 'REPLACED', endsAt: now });
      const made = await repo.insert(trx, {
        kind: terms.kind,
        period: offer.period,
        holderId: holder.id,
        offeredBy,
        tiers: offer.tiers,
        maxRate: formatRate(offer.maxRate),
        now,
      });
      if (audit) await audit(trx, toContract((await repo.byId(made, trx))!, now));
      return made;
    });
    return toContract((await repo.byId(id))!, now);
  }

  async function terminate(contractId: string, actor: { memberId: string } | 'operator', audit?: InTransaction) {
    const now = deps.now();
    const id = await repo.transaction(async (trx) => {
      const found = await repo.byId(contractId, trx);
      if (!found) throw notFound();
      await repo.lockKind(trx, found.kind);
      const c = (await repo.byId(contractId, trx))!;
      let by: TerminatedBy;
      let notify: string | null;
      if (actor === 'operator') {
        by = 'OPERATOR';
        notify = c.holderId;
      } else if (c.holderId === actor.memberId && c.status !== 'OFFERED') {
        by = 'HOLDER';
        notify = c.offeredBy;
      } else if (c.offeredBy === actor.memberId) {
        by = 'UPLINE';
        notify = c.status === 'OFFERED' ? null : c.holderId;
      } else throw notFound();
      if (c.status !== 'OFFERED' && c.status !== 'ACCEPTED')
        throw new AppError('CONTRACT_ALREADY_ENDED', 409, 'This contract has already ended.', 'body.contractId');
      await end(trx, c, by, now, notify);
      if (audit) await audit(trx, toContract((await repo.byId(c.id, trx))!, now));
      return c.id;
    });
    return toContract((await repo.byId(id))!, now);
  }

  async function decide(memberId: string, contractId: string, decision: 'ACCEPTED' | 'REJECTED') {
    const now = deps.now();
    // The site's flags are read before the transaction: on PGlite (one connection) a read outside an
    // open transaction waits for it for ever when the flags cache is cold.
    const offered = await repo.byId(contractId);
    if (decision === 'ACCEPTED' && offered && offered.holderId === memberId) await requireEnabled(offered.kind);
    const id = await repo.transaction(async (trx) => {
      const found = await repo.byId(contractId, trx);
      if (!found || found.holderId !== memberId) throw notFound();
      await repo.lockKind(trx, found.kind);
      const c = (await repo.byId(contractId, trx))!;
      if (c.status !== 'OFFERED')
        throw new AppError('CONTRACT_NOT_PENDING', 409, 'This offer is no longer waiting.', 'body.contractId');
      if (decision === 'REJECTED') {
        await repo.update(trx, c.id, { status: 'REJECTED', decidedAt: now });
        return c.id;
      }
      const rate = parseRate(c.maxRate);
      // The offer must still fit: from the holder's upline, not above the upline's rate now.
      const holder = (await repo.member(memberId, trx))!;
      if (c.offeredBy !== holder.uplineId)
        throw new AppError('CONTRACT_NOT_PENDING', 409, 'The offer came from an agent that is no longer your upline.');
      if (c.offeredBy !== null) {
        const upline = await repo.held(c.offeredBy, c.kind, trx);
        if (!upline || parseRate(upline.maxRate) < rate)
          throw new AppError(
            'CONTRACT_RATE_ABOVE_UPLINE',
            409,
            'The offer is above the rate your upline holds now.',
            'body.contractId',
          );
      }
      const effectiveFrom = nextBoundary(c.period, now, tz);
      const old = await repo.held(memberId, c.kind, trx);
      if (old) {
        const endsAt = old.effectiveFrom && old.effectiveFrom > effectiveFrom ? old.effectiveFrom : effectiveFrom;
        await repo.update(trx, old.id, { status: 'REPLACED', endsAt });
      }
      await repo.update(trx, c.id, { status: 'ACCEPTED', decidedAt: now, effectiveFrom });
      // The rate rule: a lower own rate ends the higher contracts below, down the whole tree.
      await limitBelow(trx, memberId, c.kind, rate, now);
      return c.id;
    });
    return toContract((await repo.byId(id))!, now);
  }

  async function flagsFor(agentId: string) {
    const flags = await deps.flags();
    const now = deps.now();
    return Promise.all(
      CONTRACT_KINDS.map(async (kind) => {
        const rows = await repo.ofHolder(agentId, kind, 20);
        const held = rows.find((c) => c.status === 'ACCEPTED');
        const enabled = flags[KIND_FLAG[kind]];
        const { current, pending } = arrange(rows, now);
        return {
          kind,
          enabled,
          holds: Boolean(held),
          mayOffer: enabled && Boolean(held),
          maxRate: enabled && held ? formatRate(parseRate(held.maxRate)) : null,
          shows: enabled && Boolean(held || current || pending),
        };
      }),
    );
  }

  /**
   * A move (the operator put the member below another upline, or at the top: decision 033), inside the
   * move's transaction: every contract the member holds from its old upline (or the house) ends at the
   * move — an offer at once, an accepted contract at the next five-minute boundary, its last period
   * paid for the part before — and the member is told. Having lost its rate, everything it gave its
   * own downline ends by the rate rule, down the tree, as when its rate drops. Its new upline may
   * offer it new contracts.
   */
  async function afterMove(trx: Executor, memberId: string, before: string | null, after: string | null) {
    if (before === after) return;
    const now = deps.now();
    const held = await repo.heldOpenOrPaying(trx, memberId, now);
    if (held.length === 0) return;
    const at = new Date(Math.ceil(now.getTime() / FIVE_MINUTES) * FIVE_MINUTES);
    for (const kind of CONTRACT_KINDS) {
      const ofKind = held.filter((c) => c.kind === kind);
      if (ofKind.length === 0) continue;
      await repo.lockKind(trx, kind);
      let hadRate = false;
      for (const c of ofKind) {
        const open = c.status === 'OFFERED' || c.status === 'ACCEPTED';
        hadRate ||= c.status === 'ACCEPTED';
        const endsAt = c.status === 'OFFERED' ? now : c.effectiveFrom && c.effectiveFrom > at ? c.effectiveFrom : at;
        await repo.endAt(trx, c.id, endsAt, 'MOVE');
        if (open)
          await repo.addNotice(trx, {
            memberId,
            contractId: c.id,
            kind,
            event: 'TERMINATED',
            terminatedBy: 'MOVE',
            now,
          });
      }
      if (hadRate) await limitBelow(trx, memberId, kind, null, now);
    }
  }

  const pageOf = (page: number, pageSize: number) => ({ limit: pageSize, offset: (page - 1) * pageSize });

  /** A range of days (site time zone) as instants, the history pages' rules. */
  function daysRange(q: { from?: string | undefined; to?: string | undefined }) {
    const r = resolveRange(q, deps.now());
    return { from: r.from, to: r.to, start: r.start, end: r.end };
  }

  /** One page of settlements over a range of days, with their totals, as the agent's and the console's lists answer it. */
  async function settlementsPage(
    filter: Parameters<ContractsRepository['settlements']>[0],
    r: { from: string; to: string },
    q: { page: number; pageSize: number },
  ) {
    const res = await repo.settlements(filter, pageOf(q.page, q.pageSize));
    return {
      from: r.from,
      to: r.to,
      currency: SITE_CURRENCY,
      items: res.rows.map(toSettlement),
      totals: res.totals,
      page: q.page,
      pageSize: q.pageSize,
      total: res.total,
    };
  }

  return {
    afterMove,

    async consolidated(agentId: string) {
      const kinds = await flagsFor(agentId);
      const shows = (k: ContractKind) => kinds.find((x) => x.kind === k)!.shows;
      return {
        dailysalreqtype: shows('DAILY_SALARY'),
        divtypereq: shows('DIVIDEND'),
        contracthoursalreq: shows('HOURLY_SALARY'),
        realtimesalreqtype: shows('REALTIME_SALARY'),
        kinds: kinds.map(({ shows: _shows, ...k }) => k),
        manualClaim: (await deps.options()).manualClaim,
        timeZone: tz,
      };
    },

    async mine(agentId: string, kind: ContractKind) {
      const now = deps.now();
      const a = arrange(await repo.ofHolder(agentId, kind), now);
      const view = (c: ContractRow | null) => (c ? toContract(c, now) : null);
      return {
        kind,
        current: view(a.current),
        next: view(a.next),
        pending: view(a.pending),
        history: a.history.map((c) => toContract(c, now)),
      };
    },

    async given(
      agentId: string,
      q: { kind: ContractKind; search?: string | undefined; page: number; pageSize: number },
    ) {
      const now = deps.now();
      const { rows, total } = await repo.directAgents(agentId, q.search, pageOf(q.page, q.pageSize));
      const contracts = await repo.givenTo(
        agentId,
        q.kind,
        rows.map((r) => r.id),
        now,
      );
      const held = await repo.held(agentId, q.kind);
      return {
        kind: q.kind,
        maxRate: held ? formatRate(parseRate(held.maxRate)) : null,
        items: rows.map((m) => {
          const a = arrange(contracts.filter((c) => c.holderId === m.id).reverse(), now);
          const view = (c: ContractRow | null) => (c ? toContract(c, now) : null);
          return {
            member: { id: m.id, account: m.account, nickname: m.nickname },
            current: view(a.current),
            next: view(a.next),
            pending: view(a.pending),
          };
        }),
        page: q.page,
        pageSize: q.pageSize,
        total,
      };
    },

    async offer(
      agentId: string,
      body: { memberId: string; kind: ContractKind; period?: ContractPeriod | undefined; tiers: ContractTier[] },
    ) {
      const level = await scope.levelOf(agentId, body.memberId);
      if (level !== 1)
        throw new AppError('MEMBER_NOT_FOUND', 404, 'Contracts go to direct downline agents.', 'body.memberId');
      const holder = (await repo.member(body.memberId))!;
      return offerTo(holder, agentId, body);
    },

    /** The operator's offer to a top-level agent (the house pays it). */
    async offerTopLevel(
      body: {
        account: string;
        kind: ContractKind;
        period?: ContractPeriod | undefined;
        tiers: ContractTier[];
      },
      audit?: InTransaction,
    ) {
      const holder = await repo.memberByAccount(body.account);
      if (!holder) throw new AppError('MEMBER_NOT_FOUND', 404, 'No member has this account.', 'body.account');
      if (holder.uplineId !== null)
        throw new AppError('CONTRACT_NOT_TOP_LEVEL', 409, 'This agent has an upline.', 'body.account');
      return offerTo(holder, null, body, audit);
    },

    accept: (agentId: string, contractId: string) => decide(agentId, contractId, 'ACCEPTED'),
    reject: (agentId: string, contractId: string) => decide(agentId, contractId, 'REJECTED'),
    terminate: (agentId: string, contractId: string) => terminate(contractId, { memberId: agentId }),
    terminateByOperator: (contractId: string, audit?: InTransaction) => terminate(contractId, 'operator', audit),

    async pending(agentId: string) {
      const now = deps.now();
      const offers = await repo.pendingOffers(agentId);
      const notices = await repo.unreadNotices(agentId);
      return {
        offers: offers.map((c) => toContract(c, now)),
        notices: notices.map((n) => ({ ...n, createdAt: new Date(n.createdAt).toISOString() })),
      };
    },

    async readNotices(agentId: string, ids: string[]) {
      return { read: await repo.markNoticesRead(agentId, ids, deps.now()) };
    },

    async statements(
      agentId: string,
      q: {
        kind: ContractKind;
        side: 'received' | 'paid';
        memberId?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
        page: number;
        pageSize: number;
      },
    ) {
      const r = daysRange(q);
      if (q.memberId) await scope.levelOf(agentId, q.memberId);
      const filter =
        q.side === 'received'
          ? { kind: q.kind, holderId: agentId, from: r.start, to: r.end }
          : { kind: q.kind, payerId: agentId, holderId: q.memberId, from: r.start, to: r.end };
      return { kind: q.kind, side: q.side, ...(await settlementsPage(filter, r, q)) };
    },

    async list(q: {
      kind?: ContractKind | undefined;
      status?: Contract['status'] | undefined;
      account?: string | undefined;
      topLevel?: 'true' | 'false' | undefined;
      page: number;
      pageSize: number;
    }) {
      const now = deps.now();
      const { rows, total } = await repo.list({
        kind: q.kind,
        status: q.status,
        account: q.account,
        topLevel: q.topLevel === undefined ? undefined : q.topLevel === 'true',
        ...pageOf(q.page, q.pageSize),
      });
      return { items: rows.map((c) => toContract(c, now)), page: q.page, pageSize: q.pageSize, total };
    },

    async allSettlements(q: {
      kind?: ContractKind | undefined;
      status?: Settlement['status'] | undefined;
      account?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
      page: number;
      pageSize: number;
    }) {
      const r = daysRange(q);
      return settlementsPage({ kind: q.kind, status: q.status, account: q.account, from: r.start, to: r.end }, r, q);
    },
  };
}
export type ContractsService = ReturnType<typeof contractsService>;
