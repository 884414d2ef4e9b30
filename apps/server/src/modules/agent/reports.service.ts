import type { ReportFigures, ReportPeriod } from '@portal/contracts/agent/agent.contract.ts';
import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { kstMidnight } from '../wallet/history.service.ts';
import type { AgentScope } from './agent-scope.ts';
import { resolvePeriod } from './report-period.ts';
import { type FigureRow, type ReportsRepository, ZERO } from './reports.repository.ts';
import type { TeamService } from './team.service.ts';

interface RangeQuery {
  period: ReportPeriod;
  from?: string | undefined;
  to?: string | undefined;
}
interface Paged {
  page: number;
  pageSize: number;
}

const plus = (a: string, b: string) => (BigInt(a) + BigInt(b)).toString();
/** Two bands added up (direct downline + deeper = whole team). */
function sum(a: FigureRow, b: FigureRow): ReportFigures {
  return {
    members: a.members + b.members,
    newMembers: a.newMembers + b.newMembers,
    firstDepositors: a.firstDepositors + b.firstDepositors,
    activeMembers: a.activeMembers + b.activeMembers,
    deposits: plus(a.deposits, b.deposits),
    withdrawals: plus(a.withdrawals, b.withdrawals),
    bets: plus(a.bets, b.bets),
    betCount: a.betCount + b.betCount,
    validBets: plus(a.validBets, b.validBets),
    payouts: plus(a.payouts, b.payouts),
    profitLoss: plus(a.profitLoss, b.profitLoss),
    bonuses: plus(a.bonuses, b.bonuses),
  };
}
const page = (q: Paged) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
const iso = (d: Date | string) => new Date(d).toISOString();
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/**
 * The agent reports (spec §2: team overview, member summary, user loss, team betting, my income).
 * Figures come from the per-member daily aggregates (never a scan of every bet); lists of single
 * records (bets, income) read the ledger within the range. Every member id goes through the scope.
 */
export function reportsService(scope: AgentScope, repo: ReportsRepository, team: TeamService, now: () => Date) {
  const range = (q: RangeQuery) => {
    const r = resolvePeriod(q, now());
    const start = kstMidnight(r.from);
    const end = new Date(kstMidnight(r.to).getTime() + 86_400_000);
    return { ...r, start, end, currency: SITE_CURRENCY };
  };

  return {
    async overview(agentId: string, q: RangeQuery) {
      const r = range(q);
      const bands = await repo.figures(agentId, r.from, r.to);
      const direct = bands.get(1) ?? ZERO;
      return {
        from: r.from,
        to: r.to,
        currency: r.currency,
        direct: sum(direct, ZERO),
        team: sum(direct, bands.get(2) ?? ZERO),
        series: await repo.series(agentId, r.from, r.to),
      };
    },

    async memberSummary(agentId: string, q: RangeQuery & { memberId: string }) {
      await scope.levelOf(agentId, q.memberId);
      const member = await team.member(agentId, q.memberId);
      const r = range(q);
      const bands = await repo.figures(q.memberId, r.from, r.to);
      return {
        from: r.from,
        to: r.to,
        currency: r.currency,
        member,
        own: sum(bands.get(0) ?? ZERO, ZERO),
        team: member.isAgent ? sum(bands.get(1) ?? ZERO, bands.get(2) ?? ZERO) : null,
      };
    },

    async userLoss(agentId: string, q: RangeQuery & Paged & { order: 'loss' | 'win' }) {
      const r = range(q);
      const { rows, total } = await repo.userLoss(agentId, r.from, r.to, q.order, page(q));
      return {
        from: r.from,
        to: r.to,
        currency: r.currency,
        items: rows.map(({ total: _t, ...row }) => row),
        page: q.page,
        pageSize: q.pageSize,
        total,
      };
    },

    async teamBets(
      agentId: string,
      q: RangeQuery &
        Paged & { memberId?: string | undefined; gameType?: string | undefined; vendorId?: string | undefined },
    ) {
      if (q.memberId) await scope.levelOf(agentId, q.memberId);
      const r = range(q);
      const { rows, total, totalAmount } = await repo.teamBets(agentId, r.start, r.end, q, page(q));
      return {
        from: r.from,
        to: r.to,
        currency: r.currency,
        items: rows.map((b) => ({
          id: b.id,
          memberId: b.memberId,
          account: b.account,
          vendorId: text(b.reference.vendorId),
          gameType: text(b.reference.gameType),
          gameCode: text(b.reference.gameCode),
          roundId: text(b.reference.roundId),
          amount: b.amount,
          createdAt: iso(b.createdAt),
        })),
        page: q.page,
        pageSize: q.pageSize,
        total,
        totalAmount,
      };
    },

    async income(agentId: string, q: RangeQuery & Paged & { kind?: string | undefined }) {
      const r = range(q);
      const { rows, total, totalIn, totalOut, totalAmount } = await repo.income(
        agentId,
        r.start,
        r.end,
        q.kind,
        page(q),
      );
      return {
        from: r.from,
        to: r.to,
        currency: r.currency,
        items: rows.map(({ total: _t, totalIn: _i, totalOut: _o, ...row }) => ({
          ...row,
          createdAt: iso(row.createdAt),
        })),
        page: q.page,
        pageSize: q.pageSize,
        total,
        totalIn,
        totalOut,
        totalAmount,
      };
    },
  };
}
