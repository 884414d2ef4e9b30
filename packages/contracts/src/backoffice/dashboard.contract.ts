import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { staff } from './staff.contract.ts';

const Day = z.string().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'a date YYYY-MM-DD');
/** Minor units as a decimal string (KRW: won). */
const Money = z.string();

/**
 * The site's figures over some days (site time zone). Deposits are money credited by the cashier,
 * withdrawals money paid out; bets are stakes taken, valid bets stakes less rollbacks, payouts wins
 * paid; GGR = valid bets − payouts, NGR = GGR − bonuses − rebates − points cash (decision 074).
 * Bonuses are promotion, staff and mall bonuses issued plus mission rewards; rebates the rebate
 * claimed; points cash the points converted to cash or redeemed for a cash item. Active players placed
 * a valid bet.
 */
export const DashboardFiguresSchema = z.object({
  registrations: z.number().int(),
  firstDeposits: z.number().int(),
  firstDepositAmount: Money,
  activePlayers: z.number().int(),
  deposits: Money,
  depositCount: z.number().int(),
  withdrawals: Money,
  withdrawalCount: z.number().int(),
  bets: Money,
  betCount: z.number().int(),
  validBets: Money,
  payouts: Money,
  bonuses: Money,
  rebates: Money,
  pointsCash: Money,
  ggr: Money,
  ngr: Money,
});
export type DashboardFigures = z.infer<typeof DashboardFiguresSchema>;

/** Game figures of one vendor or category (seamless play, from the bets' references). */
export const GameFiguresSchema = z.object({
  players: z.number().int(),
  bets: Money,
  betCount: z.number().int(),
  validBets: Money,
  payouts: Money,
  ggr: Money,
});
export type GameFigures = z.infer<typeof GameFiguresSchema>;

export const boDashboard = defineRoute({
  operationId: 'boDashboard',
  method: 'GET',
  path: '/api/bo/dashboard',
  summary:
    "Back office: today's figures and a date range's (registrations, first deposits, active players, deposits, withdrawals, bets, GGR, NGR) by day, by game category and by vendor, in the site's time zone.",
  tags: ['backoffice'],
  audience: staff('dashboard.read'),
  query: z.object({ from: Day.optional(), to: Day.optional() }),
  value: z.object({
    timeZone: z.string(),
    currency: z.string(),
    today: Day,
    from: Day,
    to: Day,
    todayFigures: DashboardFiguresSchema,
    rangeFigures: DashboardFiguresSchema,
    days: z.array(DashboardFiguresSchema.extend({ day: Day })),
    categories: z.array(GameFiguresSchema.extend({ category: z.string() })),
    vendors: z.array(GameFiguresSchema.extend({ vendorId: z.string(), vendorName: z.string() })),
  }),
});
