import { HISTORY, SITE_CURRENCY, TRIAL_CREDIT, TRIAL_TYPE } from '@portal/contracts/limits.ts';
import {
  TRANSACTION_TYPES,
  type AccountRecord,
  type Bonus,
  type ProfitRow,
  type Transaction,
  type TransactionType,
} from '@portal/contracts/wallet/history.contract.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { HistoryRepository, Window } from './history.repository.ts';

const DAY_MS = 86_400_000;
/** KST has no daylight saving: a calendar day there starts at 15:00 UTC of the day before. */
const KST_OFFSET_MS = 9 * 3_600_000;

export const kstDay = (instant: Date) => new Date(instant.getTime() + KST_OFFSET_MS).toISOString().slice(0, 10);
export const kstMidnight = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - KST_OFFSET_MS);

export interface RangeQuery {
  from?: string | undefined;
  to?: string | undefined;
}
export interface PageQuery extends RangeQuery {
  page: number;
  pageSize: number;
}

/**
 * The dates of a history query, as KST calendar days. Without dates: the last
 * HISTORY.defaultRangeDays days; with one end: that end and today (or the default span before `to`).
 */
export function resolveRange(q: RangeQuery, now: Date) {
  for (const field of ['from', 'to'] as const) {
    const day = q[field];
    if (day !== undefined && (Number.isNaN(Date.parse(`${day}T00:00:00Z`)) || kstDay(kstMidnight(day)) !== day))
      throw new AppError('VALIDATION_FAILED', 400, `query.${field}: not a calendar date`, `query.${field}`);
  }
  const today = kstDay(now);
  const span = (HISTORY.defaultRangeDays - 1) * DAY_MS;
  const to = q.to ?? today;
  const from = q.from ?? kstDay(new Date(kstMidnight(to).getTime() - span));
  const start = kstMidnight(from);
  const end = new Date(kstMidnight(to).getTime() + DAY_MS);
  if (start >= end)
    throw new AppError('DATE_RANGE_INVALID', 400, 'The start date is after the end date.', 'query.from');
  if ((end.getTime() - start.getTime()) / DAY_MS > HISTORY.maxRangeDays)
    throw new AppError(
      'DATE_RANGE_TOO_LONG',
      400,
      `The range can span at most ${HISTORY.maxRangeDays} days.`,
      'query.from',
      { maxDays: HISTORY.maxRangeDays },
    );
  return { from, to, start, end };
}

/** Ledger transfer kinds that a type stands for; anything else is OTHER. */
const KINDS_OF: Partial<Record<TransactionType, string[]>> = {
  VENDOR_TRANSFER: ['VENDOR_TRANSFER', 'VENDOR_TRANSFER_IN', 'VENDOR_TRANSFER_OUT'],
  // A bonus issued to the bonus balance, released from it to the main wallet, or forfeited (decision 070).
  // Rebate paid to the main wallet (decision 071) is a reward too.
  BONUS: ['BONUS', 'BONUS_RELEASE', 'BONUS_FORFEIT', 'REBATE'],
};
const kindsOf = (t: TransactionType) => KINDS_OF[t] ?? [t];
const KNOWN_KINDS = TRANSACTION_TYPES.filter((t) => t !== 'OTHER').flatMap(kindsOf);
const typeOf = (kind: string): TransactionType =>
  TRANSACTION_TYPES.find((t) => t !== 'OTHER' && kindsOf(t).includes(kind)) ?? 'OTHER';

const WALLET_OF: Record<string, Transaction['wallet']> = {
  MEMBER_MAIN: 'MAIN',
  MEMBER_HOLD: 'HOLD',
  MEMBER_VENDOR: 'VENDOR',
  MEMBER_TRIAL: 'TRIAL',
  MEMBER_POINTS: 'POINTS',
  MEMBER_BONUS: 'BONUS',
};

const REFERENCE_KEYS = ['depositId', 'withdrawalId', 'vendorId', 'gameCode', 'gameType', 'roundId'] as const;
function pickReference(ref: Record<string, unknown>, counterpartyAccount: string | null): Transaction['reference'] {
  const out: Transaction['reference'] = {};
  for (const k of REFERENCE_KEYS) {
    const v = ref[k];
    if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  }
  if (counterpartyAccount) out.counterpartyAccount = counterpartyAccount;
  return out;
}
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);
const iso = (d: Date | string) => new Date(d).toISOString();

/** The member-centre history pages; every query is limited to the signed-in member's own rows. */
export function historyService(repo: HistoryRepository, now: () => Date = () => new Date()) {
  const window = (q: PageQuery) => {
    const range = resolveRange(q, now());
    const w: Window = { start: range.start, end: range.end, limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
    const info = { page: q.page, pageSize: q.pageSize, from: range.from, to: range.to };
    return { w, info };
  };
  /** A page past the end has no rows to carry the total: ask for the first row to count. */
  const firstRow = (w: Window): Window => ({ ...w, limit: 1, offset: 0 });
  const currencyOf = (member: { type: number }) => (member.type === TRIAL_TYPE ? TRIAL_CREDIT.currency : SITE_CURRENCY);

  return {
    async transactions(memberId: string, q: PageQuery & { type?: TransactionType | undefined }) {
      const { w, info } = window(q);
      const kinds =
        q.type === undefined ? undefined : q.type === 'OTHER' ? { notIn: KNOWN_KINDS } : { in: kindsOf(q.type) };
      const { rows, total } = await repo.transactions(memberId, w, kinds);
      const items: Transaction[] = rows.map((r) => ({
        id: r.id,
        type: typeOf(r.kind),
        wallet: WALLET_OF[r.accountKind] ?? 'MAIN',
        amount: r.signed,
        currency: r.currency,
        balanceAfter: r.balanceAfter,
        createdAt: iso(r.createdAt),
        reference: pickReference(r.reference, r.counterpartyAccount),
      }));
      const count = total ?? (q.page > 1 ? ((await repo.transactions(memberId, firstRow(w), kinds)).total ?? 0) : 0);
      return { items, total: count, ...info };
    },

    async accountRecord(memberId: string, q: PageQuery & { type?: string | undefined; status?: string | undefined }) {
      const { w, info } = window(q);
      const filter = { type: q.type, status: q.status };
      const { rows, total } = await repo.accountRecord(memberId, w, filter);
      const items = rows.map((r): AccountRecord => ({
        id: r.id,
        type: r.type,
        amount: r.amount,
        currency: r.currency,
        status: r.status as AccountRecord['status'],
        method: r.method,
        rejectReason: r.rejectReason,
        createdAt: iso(r.createdAt),
        decidedAt: r.decidedAt === null ? null : iso(r.decidedAt),
        confirmation: r.confirmation,
      }));
      const count = total ?? (q.page > 1 ? ((await repo.accountRecord(memberId, firstRow(w), filter)).total ?? 0) : 0);
      return { items, total: count, ...info };
    },

    async bonuses(member: { memberId: string; type: number }, q: PageQuery) {
      const { w, info } = window(q);
      const currency = currencyOf(member);
      let { rows } = await repo.bonuses(member.memberId, currency, w);
      const items = rows.map((r): Bonus => ({
        id: r.id,
        amount: r.amount,
        currency: r.currency,
        source: text(r.reference.promotionId ?? r.reference.source),
        remark: text(r.reference.remark),
        createdAt: iso(r.createdAt),
      }));
      if (rows.length === 0 && q.page > 1) rows = (await repo.bonuses(member.memberId, currency, firstRow(w))).rows;
      return {
        items,
        total: Number(rows[0]?.total ?? 0),
        totalAmount: rows[0]?.totalAmount ?? '0',
        currency,
        ...info,
      };
    },

    async profit(member: { memberId: string; type: number }, q: PageQuery & { gameType?: string | undefined }) {
      const { w, info } = window(q);
      const currency = currencyOf(member);
      let rows = await repo.profit(member.memberId, currency, w, q.gameType);
      const items = rows.map((r): ProfitRow => ({
        day: r.day,
        gameType: r.gameType,
        betAmount: r.betAmount,
        winAmount: r.winAmount,
        rollbackAmount: r.rollbackAmount,
        netAmount: r.netAmount,
        betCount: Number(r.betCount),
      }));
      if (rows.length === 0 && q.page > 1) rows = await repo.profit(member.memberId, currency, firstRow(w), q.gameType);
      const first = rows[0];
      return {
        items,
        totals: {
          betAmount: first?.sumBet ?? '0',
          winAmount: first?.sumWin ?? '0',
          rollbackAmount: first?.sumRollback ?? '0',
          netAmount: first?.sumNet ?? '0',
        },
        currency,
        total: Number(first?.total ?? 0),
        ...info,
      };
    },
  };
}
export type HistoryService = ReturnType<typeof historyService>;
