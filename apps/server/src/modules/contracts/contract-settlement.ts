import {
  type ContractKind,
  type ContractPeriod,
  CONTRACT_KINDS,
  DIVIDEND_PERIODS,
  SALARY_PERIOD,
} from '@portal/contracts/agent/contracts.contract.ts';
import { type ModuleFlag, SITE_CURRENCY, SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import type { Executor } from '../../db/client.ts';
import type { ScheduledTask } from '../../jobs/job-queue.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { nextPeriod, type Period, periodAt, splitRange } from './contract-periods.ts';
import { formatRate, isSalary, KIND_FLAG, parseTiers, settle } from './contract-rules.ts';
import type { ContractsRepository, OpenSettlement } from './contracts.repository.ts';

/** Timings of settlement; server-side only. */
export const SETTLEMENT = {
  /**
   * A period is settled once it ended this long ago, so a bet whose transaction began before the end
   * and commits a moment after it is still in the figures.
   */
  graceMs: 60_000,
  /** How often an instance looks for finished periods (real-time salary: every 5 minutes, plus the grace). */
  scanEveryMs: 60_000,
  /** Periods one scan enqueues at most per kind and period (the next scan goes on). */
  maxPeriodsPerScan: 2_000,
  /** How often owed settlements are tried again. */
  owedRetryEveryMs: 60_000,
  owedBatch: 200,
} as const;

export const SETTLE_JOB = 'contract-settle';

/** The periods each kind is settled by. */
export const periodsOf = (kind: ContractKind): readonly ContractPeriod[] =>
  kind === 'DIVIDEND' ? DIVIDEND_PERIODS : [SALARY_PERIOD[kind]];

const main = (memberId: string) => ({ kind: 'MEMBER_MAIN' as const, memberId, currency: SITE_CURRENCY });
const HOUSE = { kind: 'HOUSE' as const, currency: SITE_CURRENCY };

export interface SettlementDeps {
  repo: ContractsRepository;
  ledger: LedgerService;
  options: () => Promise<{ manualClaim: boolean; autoPay: boolean }>;
  /** The site's module switches: a kind switched off is not paid for the periods that end meanwhile. */
  flags: () => Promise<Record<ModuleFlag, boolean>>;
  now: () => Date;
  timeZone?: string;
}

/**
 * Settlement of contracts (issue 16): one job per kind and period, keyed so two instances never settle
 * one period twice; each contract's period is one row (unique per contract and period start) and one
 * ledger transfer keyed `contract:<id>:<period key>` from the offering upline's main wallet (the house
 * for the operator's contracts) to the holder's. A payer without the money leaves the row OWED; a
 * retry pays it once when the money is there.
 */
export function contractSettlement(deps: SettlementDeps) {
  const { repo, ledger } = deps;
  const tz = deps.timeZone ?? SITE_TIME_ZONE;

  /** Pays one settlement inside the caller's transaction; false when the payer cannot pay yet. */
  async function pay(
    trx: Executor,
    s: Omit<OpenSettlement, 'amount' | 'status'> & { amount: bigint },
    now: Date,
  ): Promise<boolean> {
    try {
      const t = await ledger.transferIn(trx, {
        idempotencyKey: `contract:${s.contractId}:${s.periodKey}`,
        kind: isSalary(s.kind) ? 'SALARY' : 'DIVIDEND',
        from: s.payerId ? main(s.payerId) : HOUSE,
        to: main(s.holderId),
        amount: s.amount,
        reference: { contractId: s.contractId, period: s.periodKey, settlementId: s.id },
      });
      await repo.markPaid(trx, s.id, t.transferId, now);
      return true;
    } catch (e) {
      if ((e as { code?: string }).code !== 'WALLET_INSUFFICIENT_FUNDS') throw e;
      await repo.markOwed(trx, s.id);
      return false;
    }
  }

  /** Settles every contract of a kind and period for one period (optionally one holder's only). */
  async function settlePeriod(kind: ContractKind, period: ContractPeriod, p: Period, holderId?: string) {
    const now = deps.now();
    const { autoPay } = await deps.options();
    // A kind the site switched off is not paid for the periods settled meanwhile (decision 033): each
    // contract's period is still recorded, as SWITCHED_OFF, so it is shown and never paid later.
    const switchedOn = (await deps.flags())[KIND_FLAG[kind]];
    const contracts = await repo.unsettled(kind, period, p.start, holderId);
    const whole = splitRange(p.start, p.end, tz);
    let settled = 0;
    for (const c of contracts) {
      // A contract that ended inside the period (replaced by one of another period, or ended by a
      // move: decision 033) is settled for the part it was in force.
      const end = c.endsAt && c.endsAt < p.end ? new Date(c.endsAt) : p.end;
      await repo.transaction(async (trx) => {
        const figures = await repo.teamFigures(trx, c.holderId, end === p.end ? whole : splitRange(p.start, end, tz));
        const earned = settle(kind, parseTiers(kind, c.tiers), figures);
        const r = switchedOn ? earned : { ...earned, tier: null, rate: 0n, amount: 0n };
        const status = !switchedOn ? 'SWITCHED_OFF' : r.amount === 0n ? 'ZERO' : autoPay ? 'OWED' : 'CLAIMABLE';
        const id = await repo.insertSettlement(trx, {
          contractId: c.id,
          kind,
          period,
          periodKey: p.key,
          start: p.start,
          end,
          holderId: c.holderId,
          payerId: c.offeredBy,
          validBet: figures.validBet,
          loss: r.loss,
          activeMembers: figures.activeMembers,
          tier: r.tier,
          rate: formatRate(r.rate),
          amount: r.amount,
          status,
          now,
        });
        if (id === undefined) return; // another instance settled it first
        settled++;
        if (status === 'OWED')
          await pay(
            trx,
            {
              id,
              contractId: c.id,
              kind,
              periodKey: p.key,
              holderId: c.holderId,
              payerId: c.offeredBy,
              amount: r.amount,
            },
            now,
          );
      });
    }
    return settled;
  }

  /** Tries to pay settlements that wait for money, oldest first; each in its own transaction. */
  async function payOpen(f: { holderId?: string; kind?: ContractKind; onlyOwed: boolean }) {
    const now = deps.now();
    const ids = await repo.openSettlementIds({ ...f, limit: SETTLEMENT.owedBatch });
    let paid = 0;
    let amount = 0n;
    for (const id of ids) {
      await repo.transaction(async (trx) => {
        const s = await repo.lockOpenSettlement(trx, id);
        if (!s) return;
        if (await pay(trx, { ...s, amount: BigInt(s.amount) }, now)) {
          paid++;
          amount += BigInt(s.amount);
        }
      });
    }
    return { paid, amount };
  }

  /** Finished periods of a kind and period from the first one a contract has not been settled for (back-fill). */
  async function duePeriods(kind: ContractKind, period: ContractPeriod, now: Date): Promise<Period[]> {
    const floor = await repo.settlementFloor(kind, period);
    if (!floor) return [];
    const out: Period[] = [];
    for (
      let p = periodAt(period, floor, tz);
      p.end.getTime() + SETTLEMENT.graceMs <= now.getTime() && out.length < SETTLEMENT.maxPeriodsPerScan;
      p = nextPeriod(period, p, tz)
    )
      out.push(p);
    return out;
  }

  const scanTask: ScheduledTask = {
    name: 'contract-settlement-scan',
    everyMs: SETTLEMENT.scanEveryMs,
    async run({ now, enqueue }) {
      let enqueued = 0;
      for (const kind of CONTRACT_KINDS)
        for (const period of periodsOf(kind))
          for (const p of await duePeriods(kind, period, now)) {
            const key = `${SETTLE_JOB}:${kind}:${period}:${p.start.toISOString()}`;
            if (
              await enqueue(SETTLE_JOB, key, p.end, {
                kind,
                period,
                start: p.start.toISOString(),
                end: p.end.toISOString(),
                key: p.key,
              })
            )
              enqueued++;
          }
      return { enqueued };
    },
  };

  const settleTask: ScheduledTask = {
    name: SETTLE_JOB,
    everyMs: 0,
    async run({ payload, now }) {
      const kind = payload.kind as ContractKind;
      const period = payload.period as ContractPeriod;
      const p: Period = {
        start: new Date(String(payload.start)),
        end: new Date(String(payload.end)),
        key: String(payload.key),
      };
      const settled = await settlePeriod(kind, period, p);
      await repo.recordRun(kind, period, p.start, p.end, settled, now);
      return { settled };
    },
  };

  const owedTask: ScheduledTask = {
    name: 'contract-owed-retry',
    everyMs: SETTLEMENT.owedRetryEveryMs,
    run: async () => {
      const r = await payOpen({ onlyOwed: true });
      return { paid: r.paid, amount: r.amount.toString() };
    },
  };

  return {
    tasks: [scanTask, settleTask, owedTask] as ScheduledTask[],
    settlePeriod,
    payOpen,

    /**
     * Process dividend / salary: settles the agent's own finished periods of a kind now, then pays what
     * is claimable or owed to it. Each period is still settled and paid once.
     */
    async claim(holderId: string, kind: ContractKind) {
      if (!(await deps.options()).manualClaim)
        throw new AppError('CONTRACT_CLAIM_DISABLED', 409, 'Settlements are paid automatically on this site.');
      if (!(await deps.flags())[KIND_FLAG[kind]])
        throw new AppError('CONTRACT_KIND_DISABLED', 409, 'This kind of contract is not enabled on this site.', 'kind');
      const now = deps.now();
      const contracts = (await repo.ofHolder(holderId, kind, 20)).filter(
        (c) => c.effectiveFrom !== null && c.effectiveFrom <= now && (c.endsAt === null || c.endsAt > c.effectiveFrom),
      );
      for (const c of contracts) {
        const from = (await repo.lastSettledEnd(c.id)) ?? c.effectiveFrom!;
        let n = 0;
        for (
          let p = periodAt(c.period, from, tz);
          p.end.getTime() + SETTLEMENT.graceMs <= now.getTime() &&
          (c.endsAt === null || p.start < c.endsAt) &&
          n < SETTLEMENT.maxPeriodsPerScan;
          p = nextPeriod(c.period, p, tz), n++
        )
          await settlePeriod(kind, c.period, p, holderId);
      }
      const paid = await payOpen({ holderId, kind, onlyOwed: false });
      const owed = await repo.settlements(
        { kind, holderId, status: 'OWED', from: new Date(0), to: new Date(8.64e15) },
        { limit: 1, offset: 0 },
      );
      return {
        kind,
        paid: paid.paid,
        amount: paid.amount.toString(),
        owed: owed.totals.count,
        owedAmount: owed.totals.owed,
      };
    },
  };
}
export type ContractSettlement = ReturnType<typeof contractSettlement>;
