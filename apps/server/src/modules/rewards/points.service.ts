import type { StaffMallItem, StaffRedemption } from '@portal/contracts/backoffice/rewards.contract.ts';
import type {
  ConvertPayload,
  MallItem,
  PointsTransaction,
  RedeemPayload,
  Redemption,
} from '@portal/contracts/rewards/points.contract.ts';
import { POINTS_LIMITS } from '@portal/contracts/rewards/points.contract.ts';
import type { Executor, InTransaction } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { writeAudit, type Actor } from '../backoffice/audit.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import type { PaymentPasswordService } from '../wallet/payment-password.service.ts';
import type { MallItemRow, PointsRepository, RedemptionRow } from './points.repository.ts';

/** Points are their own currency in the ledger; one unit is one point. */
export const POINTS_CURRENCY = 'PTS';
/** Accruals are kept in millionths of a point. */
export const POINTS_SCALE = 1_000_000n;
/** Days a bonus bought with points has to meet its turnover. */
const MALL_BONUS_VALID_DAYS = 30;
const STAFF_LIST = 200;

/** Whole points earned by a stake at a ratio of points per 1 000 000 minor units (exact, in millionths). */
export const pointsOf = (millionths: bigint) => millionths / POINTS_SCALE;

const TYPE_OF: Record<string, PointsTransaction['type']> = {
  POINTS_EARN: 'EARN',
  POINTS_SPEND: 'REDEEM',
  POINTS_CONVERT: 'CONVERT',
  POINTS_REFUND: 'REFUND',
};

/**
 * The points mall (decision 072). Bets accrue points by a ledger trigger, in millionths; the service
 * credits the whole points to the member's MEMBER_POINTS account (currency PTS) before any read or
 * spend. Every change of a member's points locks the member's main wallet row first (the row every
 * bet locks first), so a member's redemptions, conversions and credits run one at a time and never
 * deadlock with bets; an item's stock is taken by a conditional update of its row. A redemption is
 * one transaction: the stock, the row (unique per member and request id), the points spent, and the
 * cash or bonus — any refusal rolls all of it back.
 */
export function pointsService(deps: {
  repo: PointsRepository;
  ledger: LedgerService;
  paymentPassword: PaymentPasswordService;
  transaction: InTransaction;
  issueBonusIn: (
    trx: Executor,
    b: { memberId: string; currency: string; amount: bigint; wageringMultiple: number; validDays: number },
  ) => Promise<string>;
  currency: string;
  defaultLanguage: () => Promise<string>;
}) {
  const { repo, ledger, paymentPassword, transaction, currency } = deps;
  const main = (memberId: string) => ({ kind: 'MEMBER_MAIN' as const, memberId, currency });
  const pointsAccount = (memberId: string) => ({
    kind: 'MEMBER_POINTS' as const,
    memberId,
    currency: POINTS_CURRENCY,
  });
  const housePoints = { kind: 'BONUS' as const, currency: POINTS_CURRENCY };
  const houseCash = { kind: 'BONUS' as const, currency };

  async function nameOf(texts: MallItemRow['texts'] | null, language: string | undefined) {
    if (!texts) return { name: '', description: '' };
    const fallback = await deps.defaultLanguage();
    return (
      (language ? texts[language] : undefined) ??
      texts[fallback] ??
      Object.values(texts)[0] ?? {
        name: '',
        description: '',
      }
    );
  }

  async function toRedemption(r: RedemptionRow, language: string | undefined): Promise<Redemption> {
    return {
      id: r.id,
      itemId: r.itemId,
      name: r.itemId ? (await nameOf(r.itemTexts, language)).name : null,
      kind: r.itemKind ?? 'CONVERT',
      quantity: r.quantity,
      points: r.points,
      amount: r.amount,
      currency: r.currency,
      status: r.status,
      rejectReason: r.rejectReason,
      createdAt: new Date(r.createdAt).toISOString(),
      reviewedAt: r.reviewedAt ? new Date(r.reviewedAt).toISOString() : null,
    };
  }

  /** Credits the whole points accrued, inside a transaction that holds the member's main wallet. */
  async function creditIn(trx: Executor, memberId: string): Promise<void> {
    const a = await repo.lockAccrual(trx, memberId);
    if (!a) return;
    const whole = pointsOf(a.accrued);
    if (whole <= 0n) return;
    await ledger.transferIn(trx, {
      idempotencyKey: `points-earn:${memberId}:${a.credited + whole}`,
      kind: 'POINTS_EARN',
      from: housePoints,
      to: pointsAccount(memberId),
      amount: whole,
      reference: { remark: 'VALID_BET' },
    });
    await repo.markCredited(trx, memberId, whole);
  }

  async function ensureAccounts(memberId: string) {
    await ledger.ensureAccount(main(memberId));
    await ledger.ensureAccount(pointsAccount(memberId));
  }

  /** Credits what the member's bets earned, when there is a whole point to credit. */
  async function credit(memberId: string): Promise<void> {
    if (pointsOf(await repo.accrued(memberId)) <= 0n) return;
    await ensureAccounts(memberId);
    await transaction(async (trx) => {
      await repo.lockMainWallet(trx, memberId, currency);
      await creditIn(trx, memberId);
    });
  }

  async function spend(trx: Executor, memberId: string, redemptionId: string, points: bigint, kind: string) {
    try {
      await ledger.transferIn(trx, {
        idempotencyKey: `points-spend:${redemptionId}`,
        kind,
        from: pointsAccount(memberId),
        to: housePoints,
        amount: points,
        reference: { redemptionId },
      });
    } catch (e) {
      if (e instanceof AppError && e.code === 'WALLET_INSUFFICIENT_FUNDS')
        throw new AppError('POINTS_INSUFFICIENT', 409, 'Not enough points.');
      throw e;
    }
  }

  async function payCash(trx: Executor, memberId: string, redemptionId: string, amount: bigint, kind: string) {
    await ledger.transferIn(trx, {
      idempotencyKey: `points-cash:${redemptionId}`,
      kind,
      from: houseCash,
      to: main(memberId),
      amount,
      reference: { redemptionId },
    });
  }

  /**
   * A redemption made once per request id: a repeat answers the first. Otherwise the payment password,
   * then the caller's checks (`check`), then `write` with the member's main wallet locked and its
   * points credited up to now; the redemption as written.
   */
  async function redeemOnce<T>(
    memberId: string,
    body: { requestId: string; paymentPassword: string },
    language: string | undefined,
    check: () => Promise<T>,
    write: (trx: Executor, checked: T) => Promise<string>,
  ): Promise<Redemption> {
    const prior = await repo.redemptionByRequest(memberId, body.requestId);
    if (prior) return toRedemption(prior, language);
    await paymentPassword.verify(memberId, body.paymentPassword);
    const checked = await check();
    await ensureAccounts(memberId);
    const id = await transaction(async (trx) => {
      await repo.lockMainWallet(trx, memberId, currency);
      const again = await repo.redemptionByRequest(memberId, body.requestId, trx);
      if (again) return again.id;
      await creditIn(trx, memberId);
      return write(trx, checked);
    });
    return toRedemption((await repo.redemption(id))!, language);
  }

  return {
    credit,

    async balance(memberId: string): Promise<{ balance: string }> {
      await credit(memberId);
      return { balance: (await ledger.balance(pointsAccount(memberId))).toString() };
    },

    async config() {
      return { ...(await repo.config()), currency };
    },

    async rewards(memberId: string, language: string | undefined): Promise<{ items: MallItem[] }> {
      const [items, mine] = await Promise.all([repo.items({ enabledOnly: true }), repo.redeemedBy(memberId)]);
      return {
        items: await Promise.all(
          items.map(async (i) => {
            const t = await nameOf(i.texts, language);
            return {
              id: i.id,
              kind: i.kind,
              name: t.name,
              description: t.description,
              points: i.points,
              amount: i.amount,
              currency: i.currency,
              wageringMultiple: i.wageringMultiple,
              stock: i.stock,
              memberLimit: i.memberLimit,
              redeemed: mine.get(i.id) ?? 0,
            };
          }),
        ),
      };
    },

    /** Redeems an item with the payment password; a repeat of the request id answers the first redemption. */
    async redeem(memberId: string, body: RedeemPayload, language: string | undefined): Promise<Redemption> {
      return redeemOnce(
        memberId,
        body,
        language,
        async () => {
          const item = await repo.item(body.itemId);
          if (!item) throw new AppError('MALL_ITEM_NOT_FOUND', 404, 'No such reward.', 'body.itemId');
          if (!item.enabled) throw new AppError('MALL_ITEM_UNAVAILABLE', 409, 'This reward is not offered now.');
          return item;
        },
        async (trx, item) => {
          if (item.memberLimit !== null) {
            const had = (await repo.redeemedBy(memberId, trx)).get(item.id) ?? 0;
            if (had + body.quantity > item.memberLimit)
              throw new AppError('MALL_LIMIT_REACHED', 409, 'The limit for this reward is reached.', 'body.quantity', {
                limit: item.memberLimit,
                redeemed: had,
              });
          }
          if (!(await repo.takeStock(trx, item.id, body.quantity)))
            throw new AppError('MALL_OUT_OF_STOCK', 409, 'This reward is out of stock.');
          const points = BigInt(item.points) * BigInt(body.quantity);
          const amount = BigInt(item.amount) * BigInt(body.quantity);
          const rid = await repo.insertRedemption(trx, {
            memberId,
            itemId: item.id,
            requestId: body.requestId,
            quantity: body.quantity,
            points,
            amount,
            status: item.kind === 'GOODS' ? 'PROCESS' : 'APPROVED',
          });
          await spend(trx, memberId, rid, points, 'POINTS_SPEND');
          if (item.kind === 'CASH') await payCash(trx, memberId, rid, amount, 'POINTS_REDEEM');
          if (item.kind === 'BONUS')
            await deps.issueBonusIn(trx, {
              memberId,
              currency,
              amount,
              wageringMultiple: item.wageringMultiple,
              validDays: MALL_BONUS_VALID_DAYS,
            });
          return rid;
        },
      );
    },

    /** Converts points to cash at the configured rate, with the payment password; once per request id. */
    async convert(memberId: string, body: ConvertPayload): Promise<Redemption> {
      return redeemOnce(
        memberId,
        body,
        undefined,
        async () => {
          const { convertRate } = await repo.config();
          if (convertRate <= 0) throw new AppError('POINTS_CONVERT_OFF', 409, 'Converting points is switched off.');
          const points = BigInt(body.points);
          return { points, amount: points * BigInt(convertRate) };
        },
        async (trx, { points, amount }) => {
          const rid = await repo.insertRedemption(trx, {
            memberId,
            itemId: null,
            requestId: body.requestId,
            quantity: 1,
            points,
            amount,
            status: 'APPROVED',
          });
          await spend(trx, memberId, rid, points, 'POINTS_CONVERT');
          await payCash(trx, memberId, rid, amount, 'POINTS_CONVERT');
          return rid;
        },
      );
    },

    async redemptions(memberId: string, page: number, language: string | undefined) {
      const size = POINTS_LIMITS.pageSize;
      const rows = await repo.redemptionsOf(memberId, size, (page - 1) * size);
      return {
        items: await Promise.all(rows.map((r) => toRedemption(r, language))),
        total: rows[0] ? Number(rows[0].total) : 0,
        page,
      };
    },

    async transactions(memberId: string, page: number, language: string | undefined) {
      await credit(memberId);
      const size = POINTS_LIMITS.pageSize;
      const rows = await repo.transactions(memberId, size, (page - 1) * size);
      const items: PointsTransaction[] = await Promise.all(
        rows.map(async (r) => {
          const rid = typeof r.reference.redemptionId === 'string' ? r.reference.redemptionId : null;
          const red = rid ? await repo.redemption(rid) : undefined;
          return {
            id: r.id,
            changedPoints: r.signed,
            balanceAfter: r.balanceAfter,
            type: TYPE_OF[r.kind] ?? 'OTHER',
            remark: red?.itemId ? (await nameOf(red.itemTexts, language)).name : null,
            createdAt: new Date(r.createdAt).toISOString(),
          };
        }),
      );
      return { items, total: rows[0] ? Number(rows[0].total) : 0, page };
    },

    // The back office.
    async staffItems(): Promise<{
      items: StaffMallItem[];
      config: Awaited<ReturnType<typeof repo.config>> & { currency: string };
    }> {
      const [items, totals, config] = await Promise.all([
        repo.items({ enabledOnly: false }),
        repo.redeemedTotals(),
        repo.config(),
      ]);
      return {
        items: items.map((i) => ({
          id: i.id,
          kind: i.kind,
          texts: i.texts,
          points: i.points,
          amount: i.amount,
          wageringMultiple: i.wageringMultiple,
          stock: i.stock,
          memberLimit: i.memberLimit,
          enabled: i.enabled,
          sort: i.sort,
          redeemed: totals.get(i.id) ?? 0,
        })),
        config: { ...config, currency },
      };
    },

    async saveItem(actor: Actor, body: Omit<StaffMallItem, 'id' | 'redeemed'> & { id?: string | undefined }) {
      if (body.kind !== 'GOODS' && BigInt(body.amount) <= 0n)
        throw new AppError(
          'VALIDATION_FAILED',
          400,
          'body.amount: cash and bonus items need an amount.',
          'body.amount',
        );
      if (Object.keys(body.texts).length === 0)
        throw new AppError('VALIDATION_FAILED', 400, 'body.texts: a name in at least one language.', 'body.texts');
      const before = body.id ? await repo.item(body.id) : undefined;
      if (body.id && !before) throw new AppError('MALL_ITEM_NOT_FOUND', 404, 'No such reward.', 'body.id');
      const id = await transaction(async (trx) => {
        const saved = await repo.saveItem(trx, { ...body, amount: body.kind === 'GOODS' ? '0' : body.amount });
        await writeAudit(trx, actor, {
          action: body.id ? 'mall.item.update' : 'mall.item.create',
          target: `mall_item:${saved}`,
          ...(before ? { before: { points: before.points, stock: before.stock, enabled: before.enabled } } : {}),
          after: { kind: body.kind, points: body.points, stock: body.stock, enabled: body.enabled },
        });
        return saved;
      });
      return (await this.staffItems()).items.find((i) => i.id === id)!;
    },

    async saveConfig(actor: Actor, c: { earnPerMillion: number; convertRate: number }) {
      const before = await repo.config();
      await transaction(async (trx) => {
        await repo.setConfig(trx, c.earnPerMillion, c.convertRate);
        await writeAudit(trx, actor, { action: 'points.config', target: 'points_config:1', before, after: c });
      });
      return { ...c, currency };
    },

    async staffRedemptions(status: Redemption['status'] | undefined): Promise<{ items: StaffRedemption[] }> {
      const rows = await repo.staffRedemptions(status, STAFF_LIST);
      return {
        items: await Promise.all(
          rows.map(async (r) => ({ ...(await toRedemption(r, undefined)), memberAccount: r.memberAccount ?? '' })),
        ),
      };
    },

    /** Staff approve goods, or reject them with a reason: the points and the stock come back, once. */
    async review(actor: Actor, id: string, decision: 'APPROVE' | 'REJECT', reason: string | null) {
      const r = await repo.redemption(id);
      if (!r) throw new AppError('NOT_FOUND', 404, 'No such redemption.', 'body.id');
      if (decision === 'REJECT' && !reason)
        throw new AppError('VALIDATION_FAILED', 400, 'body.reason: a reason is needed to reject.', 'body.reason');
      await transaction(async (trx) => {
        await repo.lockMainWallet(trx, r.memberId, currency);
        const locked = (await repo.redemption(id, trx, true))!;
        if (locked.status !== 'PROCESS')
          throw new AppError('REDEMPTION_NOT_PENDING', 409, 'This redemption was already reviewed.');
        if (decision === 'REJECT') {
          await ledger.transferIn(trx, {
            idempotencyKey: `points-refund:${id}`,
            kind: 'POINTS_REFUND',
            from: housePoints,
            to: pointsAccount(r.memberId),
            amount: BigInt(r.points),
            reference: { redemptionId: id },
          });
          if (r.itemId) await repo.returnStock(trx, r.itemId, r.quantity);
        }
        await repo.review(trx, id, decision === 'APPROVE' ? 'APPROVED' : 'REJECTED', reason, actor.staffId);
        await writeAudit(trx, actor, {
          action: decision === 'APPROVE' ? 'mall.redemption.approve' : 'mall.redemption.reject',
          target: `points_redemption:${id}`,
          before: { status: 'PROCESS' },
          after: { status: decision === 'APPROVE' ? 'APPROVED' : 'REJECTED', reason },
        });
      });
      const after = (await repo.redemption(id))!;
      return { ...(await toRedemption(after, undefined)), memberAccount: after.memberAccount ?? '' };
    },
  };
}
export type PointsService = ReturnType<typeof pointsService>;
