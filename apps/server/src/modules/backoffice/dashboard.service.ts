import type { DashboardFigures, GameFigures, boDashboard } from '@portal/contracts/backoffice/dashboard.contract.ts';
import type { RouteValue } from '@portal/contracts/http.ts';
import { SITE_CURRENCY, SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import { kstDay, kstMidnight, resolveRange, type RangeQuery } from '../wallet/history.service.ts';
import type { DashboardRepository, FlowRow, GameRow, PeopleRow } from './dashboard.repository.ts';

type Dashboard = RouteValue<typeof boDashboard>;

const DAY_MS = 86_400_000;
const NO_FLOWS: FlowRow = {
  activePlayers: 0,
  deposits: '0',
  depositCount: 0,
  withdrawals: '0',
  withdrawalCount: 0,
  bets: '0',
  betCount: 0,
  rollbacks: '0',
  payouts: '0',
  bonuses: '0',
  rebates: '0',
  pointsCash: '0',
};
const NO_PEOPLE: PeopleRow = { registrations: 0, firstDeposits: 0, firstDepositAmount: '0' };

/**
 * The dashboard's figures from raw sums: valid bets = bets − rollbacks, GGR = valid bets − payouts,
 * NGR = GGR − bonuses − rebates − points paid as cash (decision 074).
 */
export function figures(flows: FlowRow, people: PeopleRow): DashboardFigures {
  const validBets = BigInt(flows.bets) - BigInt(flows.rollbacks);
  const ggr = validBets - BigInt(flows.payouts);
  return {
    registrations: people.registrations,
    firstDeposits: people.firstDeposits,
    firstDepositAmount: people.firstDepositAmount,
    activePlayers: flows.activePlayers,
    deposits: flows.deposits,
    depositCount: flows.depositCount,
    withdrawals: flows.withdrawals,
    withdrawalCount: flows.withdrawalCount,
    bets: flows.bets,
    betCount: flows.betCount,
    validBets: validBets.toString(),
    payouts: flows.payouts,
    bonuses: flows.bonuses,
    rebates: flows.rebates,
    pointsCash: flows.pointsCash,
    ggr: ggr.toString(),
    ngr: (ggr - BigInt(flows.bonuses) - BigInt(flows.rebates) - BigInt(flows.pointsCash)).toString(),
  };
}

function gameFigures(r: GameRow): GameFigures {
  const validBets = BigInt(r.bets) - BigInt(r.rollbacks);
  return {
    players: r.players,
    bets: r.bets,
    betCount: r.betCount,
    validBets: validBets.toString(),
    payouts: r.payouts,
    ggr: (validBets - BigInt(r.payouts)).toString(),
  };
}

const byGgr = (a: { ggr: string }, b: { ggr: string }) => {
  const d = BigInt(b.ggr) - BigInt(a.ggr);
  return d > 0n ? 1 : d < 0n ? -1 : 0;
};

/** The back office dashboard: today and a range of site days, by day, game category and vendor. */
export function dashboardService(repo: DashboardRepository, now: () => Date) {
  async function peopleTotal(from: string, to: string, start: Date, end: Date): Promise<PeopleRow> {
    const rows = await repo.peopleByDay(from, to, start, end);
    return rows.reduce(
      (a, r) => ({
        registrations: a.registrations + r.registrations,
        firstDeposits: a.firstDeposits + r.firstDeposits,
        firstDepositAmount: (BigInt(a.firstDepositAmount) + BigInt(r.firstDepositAmount)).toString(),
      }),
      NO_PEOPLE,
    );
  }

  return {
    async dashboard(q: RangeQuery): Promise<Dashboard> {
      const at = now();
      const today = kstDay(at);
      const { from, to, start, end } = resolveRange(q, at);
      const todayStart = kstMidnight(today);
      const todayEnd = new Date(todayStart.getTime() + DAY_MS);
      const [dayFlows, dayPeople, rangeFlows, todayFlows, todayPeople, games] = await Promise.all([
        repo.flowsByDay(from, to),
        repo.peopleByDay(from, to, start, end),
        repo.flowsTotal(from, to),
        repo.flowsTotal(today, today),
        peopleTotal(today, today, todayStart, todayEnd),
        repo.games(from, to),
      ]);
      const flowsOf = new Map(dayFlows.map((r) => [r.day, r]));
      const peopleOf = new Map(dayPeople.map((r) => [r.day, r]));
      const days: Dashboard['days'] = [];
      for (let t = start.getTime(); t < end.getTime(); t += DAY_MS) {
        const day = kstDay(new Date(t));
        days.push({ day, ...figures(flowsOf.get(day) ?? NO_FLOWS, peopleOf.get(day) ?? NO_PEOPLE) });
      }
      const rangePeople = days.reduce(
        (a, d) => ({
          registrations: a.registrations + d.registrations,
          firstDeposits: a.firstDeposits + d.firstDeposits,
          firstDepositAmount: (BigInt(a.firstDepositAmount) + BigInt(d.firstDepositAmount)).toString(),
        }),
        NO_PEOPLE,
      );
      return {
        timeZone: SITE_TIME_ZONE,
        currency: SITE_CURRENCY,
        today,
        from,
        to,
        todayFigures: figures(todayFlows, todayPeople),
        rangeFigures: figures(rangeFlows, rangePeople),
        days,
        categories: games
          .filter((g) => g.category !== null)
          .map((g) => ({ category: g.category!, ...gameFigures(g) }))
          .sort(byGgr),
        vendors: games
          .filter((g) => g.vendorId !== null)
          .map((g) => ({ vendorId: g.vendorId!, vendorName: g.vendorName ?? g.vendorId!, ...gameFigures(g) }))
          .sort(byGgr),
      };
    },
  };
}
export type DashboardService = ReturnType<typeof dashboardService>;
