import { randomInt } from 'node:crypto';
import { LIMITS, SITE_CURRENCY, TRIAL_TYPE } from '@portal/contracts/limits.ts';
import type {
  ActivityStatus,
  BonusProgress,
  ClaimResult,
  Promotion,
  PromotionState,
} from '@portal/contracts/rewards/rewards.contract.ts';
import type { InTransaction, Executor } from '../../db/client.ts';
import type { ScheduledTask } from '../../jobs/job-queue.ts';
import { AppError } from '../../plugins/app-error.ts';
import type {
  Application,
  SavePromotionBody,
  StaffBonus,
  StaffPromotion,
} from '@portal/contracts/backoffice/rewards.contract.ts';
import type { z } from 'zod';
import { writeAudit, type Actor } from '../backoffice/audit.ts';
import { hasVisibleContent, sanitizeContentHtml } from '../content/sanitize-html.ts';
import type { InboxRepository } from '../inbox/inbox.repository.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { lockMemberRow } from '../auth/member.repository.ts';
import type { BonusEnd, BonusRow, ClaimRow, PromotionRow, RewardsRepository } from './rewards.repository.ts';
import { bonusAmounts, progressPercent, weightedStake } from './wagering.ts';

const DAY_MS = 86_400_000;
/** The request id of a referral reward's grant is this and the friend's member id: one per friend (decision 075). */
export const REFERRAL_GRANT_PREFIX = 'referral:';
/** A referral bonus's title; its grant reason is the friend's masked account. */
const REFERRAL_TITLE: Record<string, string> = {
  ko: '친구 추천 보상',
  en: 'Refer-a-friend reward',
  zh: '推荐好友奖励',
};
/** The title a member reads on a bonus without a promotion, in their language. */
export function grantTitle(b: Pick<BonusRow, 'grantRequestId' | 'grantReason'>, language: string): string {
  if (!b.grantRequestId?.startsWith(REFERRAL_GRANT_PREFIX)) return b.grantReason ?? '';
  return `${REFERRAL_TITLE[language] ?? REFERRAL_TITLE.en!} · ${b.grantReason ?? ''}`;
}
const MY_BONUSES_MAX = 100;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** What a member would get from a promotion now, or why not. */
export type Qualification =
  | {
      ok: true;
      occurrence: string;
      amount: bigint;
      deposit: bigint;
      basis: Record<string, unknown>;
      draw?: { roll: number; total: number; prizeIndex: number };
    }
  | { ok: false; code: 'PROMOTION_ALREADY_CLAIMED' | 'PROMOTION_NOT_QUALIFIED' };

/** Picks a promotion's text in a language, falling back to the site default and then to any. */
export function textsIn(p: PromotionRow, language: string | undefined, fallback: string) {
  return (
    (language ? p.texts[language] : undefined) ??
    p.texts[fallback] ??
    Object.values(p.texts)[0] ?? { title: p.code, summary: '', content: '' }
  );
}

const STAFF_PAGE_SIZE = 20;

/** Whether a promotion's rules give its kind what it needs (the schema checks each field alone). */
export function rulesProblem(
  kind: PromotionRow['kind'],
  claimMode: PromotionRow['claimMode'],
  r: PromotionRow['rules'],
) {
  if ((kind === 'APPLY') !== (claimMode === 'APPLY')) return 'An activity to apply for, and only that, uses APPLY.';
  switch (kind) {
    case 'NEW_MEMBER':
    case 'APPLY':
      return r.amount && BigInt(r.amount) > 0n ? null : 'A fixed bonus amount is needed.';
    case 'DEPOSIT_MATCH':
      return r.ratePercent && r.deposits ? null : 'A match needs a rate and FIRST or EACH deposit.';
    case 'RELOAD':
    case 'CASHBACK':
      return r.ratePercent ? null : 'A rate is needed.';
    case 'RAFFLE':
      return r.prizes && r.prizes.length > 0 ? null : 'A raffle needs at least one prize.';
  }
}

/**
 * Promotions and bonuses (issue 17, decision 070). A claim is one row per member, promotion and
 * occurrence (the database's unique key), made in one transaction with its bonus and the ledger
 * transfer that credits the bonus balance; the bonus wagers on the member's bets (a ledger trigger
 * counts them) and is released to the main wallet once its turnover is met, or forfeited or expired.
 * Every change of a member's bonuses first locks the member's main wallet row, the row each bet
 * locks too, so a release and a bet never interleave (and never deadlock).
 */
export function rewardsService(deps: {
  repo: RewardsRepository;
  ledger: LedgerService;
  inbox: InboxRepository;
  uploads: UploadsService;
  transaction: InTransaction;
  now: () => Date;
  defaultLanguage: () => Promise<string>;
}) {
  const { repo, ledger, inbox, uploads, transaction, now } = deps;
  const main = (memberId: string, currency: string) => ({ kind: 'MEMBER_MAIN' as const, memberId, currency });
  const bonusAccount = (memberId: string, currency: string) => ({
    kind: 'MEMBER_BONUS' as const,
    memberId,
    currency,
  });
  const house = (currency: string) => ({ kind: 'BONUS' as const, currency });

  const toProgress = (b: BonusRow & { promotionCode?: string | null }, title: string): BonusProgress => ({
    id: b.id,
    promotionId: b.promotionId,
    promotionCode: b.promotionCode ?? null,
    title,
    amount: b.amount,
    currency: b.currency,
    lockedAmount: b.status === 'ACTIVE' ? b.lockedAmount : '0',
    wageringRequired: b.wageringRequired,
    wagered: b.wagered,
    progressPercent: progressPercent(BigInt(b.wagered), BigInt(b.wageringRequired), b.status),
    gameWeights: b.gameWeights,
    status: b.status,
    issuedAt: iso(b.issuedAt)!,
    expiresAt: iso(b.expiresAt),
    endedAt: iso(b.endedAt),
    endReason: b.endReason,
  });

  const toStaffBonus = (b: BonusRow & { promotionCode: string | null; grantedBy: string | null }): StaffBonus => ({
    id: b.id,
    source: b.promotionId
      ? 'PROMOTION'
      : b.grantRequestId?.startsWith(REFERRAL_GRANT_PREFIX)
        ? 'REFERRAL'
        : b.grantRequestId
          ? 'STAFF'
          : 'POINTS_MALL',
    promotionCode: b.promotionCode,
    amount: b.amount,
    currency: b.currency,
    wageringRequired: b.wageringRequired,
    wagered: b.wagered,
    progressPercent: progressPercent(BigInt(b.wagered), BigInt(b.wageringRequired), b.status),
    status: b.status,
    issuedAt: iso(b.issuedAt)!,
    expiresAt: iso(b.expiresAt),
    endedAt: iso(b.endedAt),
    endReason: b.endReason,
    grantReason: b.grantReason,
    grantedBy: b.grantedBy,
  });

  /** Whether the member may take part at all (period aside). */
  async function eligible(p: PromotionRow, memberId: string, at: Date, exec?: Executor): Promise<boolean> {
    const m = await repo.member(memberId, exec);
    if (!m) return false;
    if (p.memberTypes && p.memberTypes.length > 0 && !p.memberTypes.includes(m.type)) return false;
    if (p.newMemberDays !== null && new Date(m.createdAt).getTime() < at.getTime() - p.newMemberDays * DAY_MS)
      return false;
    if (p.agentId !== null && !(await repo.isBelow(memberId, p.agentId, exec))) return false;
    return true;
  }

  const inPeriod = (p: PromotionRow, at: Date) =>
    (p.startsAt === null || new Date(p.startsAt) <= at) && (p.endsAt === null || new Date(p.endsAt) > at);

  /** What the member qualifies for now; `draw` makes the raffle's draw (only when claiming). */
  async function qualify(
    p: PromotionRow,
    memberId: string,
    at: Date,
    opts: { draw: boolean; exec?: Executor },
  ): Promise<Qualification> {
    const exec = opts.exec;
    const taken = (occurrence: string) => repo.hasOccurrence(p.id, memberId, occurrence, exec);
    const r = p.rules;
    switch (p.kind) {
      case 'NEW_MEMBER':
      case 'APPLY': {
        if (await taken('ONCE')) return { ok: false, code: 'PROMOTION_ALREADY_CLAIMED' };
        return { ok: true, occurrence: 'ONCE', amount: BigInt(r.amount ?? '0'), deposit: 0n, basis: {} };
      }
      case 'RAFFLE': {
        if (await taken('ONCE')) return { ok: false, code: 'PROMOTION_ALREADY_CLAIMED' };
        const prizes = r.prizes ?? [];
        const total = prizes.reduce((s, x) => s + x.weight, 0);
        if (!opts.draw || total === 0)
          return { ok: true, occurrence: 'ONCE', amount: 0n, deposit: 0n, basis: { prizes } };
        // A uniform roll from the OS's CSPRNG over the weights, kept with the claim so staff can audit it.
        const roll = randomInt(total);
        let acc = 0;
        const prizeIndex = prizes.findIndex((x) => (acc += x.weight) > roll);
        return {
          ok: true,
          occurrence: 'ONCE',
          amount: BigInt(prizes[prizeIndex]!.amount),
          deposit: 0n,
          basis: { prizes, roll, total, prizeIndex },
          draw: { roll, total, prizeIndex },
        };
      }
      case 'DEPOSIT_MATCH':
      case 'RELOAD': {
        const min = BigInt(r.minDeposit ?? '1');
        const first = await repo.firstDeposit(memberId, exec);
        let candidates = [];
        if (p.kind === 'DEPOSIT_MATCH' && r.deposits !== 'EACH') {
          if (await taken('ONCE')) return { ok: false, code: 'PROMOTION_ALREADY_CLAIMED' };
          candidates = first && inPeriod(p, new Date(first.createdAt)) ? [first] : [];
        } else {
          candidates = (await repo.depositsIn(memberId, p.currency, p.startsAt, p.endsAt, exec)).filter(
            (d) => p.kind === 'DEPOSIT_MATCH' || d.transferId !== first?.transferId,
          );
        }
        for (const d of candidates) {
          if (BigInt(d.amount) < min) continue;
          const occurrence = p.kind === 'DEPOSIT_MATCH' && r.deposits !== 'EACH' ? 'ONCE' : `DEPOSIT:${d.transferId}`;
          if (occurrence !== 'ONCE' && (await taken(occurrence))) continue;
          const { bonus } = bonusAmounts(r, BigInt(d.amount));
          if (bonus <= 0n) continue;
          return {
            ok: true,
            occurrence,
            amount: bonus,
            deposit: BigInt(d.amount),
            basis: { depositTransferId: d.transferId, deposit: d.amount },
          };
        }
        return { ok: false, code: 'PROMOTION_NOT_QUALIFIED' };
      }
      case 'CASHBACK': {
        // Yesterday in the site's time zone: a finished day whose loss can no longer change.
        const day = await repo.siteDay(new Date(at.getTime() - DAY_MS), exec);
        const occurrence = `DAY:${day}`;
        if (await taken(occurrence)) return { ok: false, code: 'PROMOTION_ALREADY_CLAIMED' };
        const loss = await repo.netLoss(memberId, p.currency, day, exec);
        if (loss <= 0n || loss < BigInt(r.minDeposit ?? '1')) return { ok: false, code: 'PROMOTION_NOT_QUALIFIED' };
        const { bonus } = bonusAmounts(r, loss);
        if (bonus <= 0n) return { ok: false, code: 'PROMOTION_NOT_QUALIFIED' };
        return { ok: true, occurrence, amount: bonus, deposit: 0n, basis: { day, netLoss: loss.toString() } };
      }
    }
  }

  /**
   * Credits a bonus for a claim inside the caller's transaction (the member's main wallet already
   * locked): the bonus row, the ledger transfer to the bonus balance, the inbox message; released at
   * once when it needs no turnover.
   */
  async function issueIn(
    trx: Executor,
    p: PromotionRow,
    memberId: string,
    claimId: string,
    amount: bigint,
    deposit: bigint,
    at: Date,
  ): Promise<string> {
    const r = p.rules;
    const { wageringRequired, lockedAmount } = bonusAmounts(r, deposit, amount);
    const id = await repo.insertBonus(trx, {
      memberId,
      promotionId: p.id,
      claimId,
      currency: p.currency,
      amount,
      lockedAmount,
      wageringRequired,
      gameWeights: r.gameWeights,
      issuedAt: at,
      expiresAt: new Date(at.getTime() + r.validDays * DAY_MS),
    });
    await ledger.transferIn(trx, {
      idempotencyKey: `bonus-issue:${id}`,
      kind: 'BONUS',
      from: house(p.currency),
      to: bonusAccount(memberId, p.currency),
      amount,
      reference: { promotionId: p.code, bonusId: id, claimId },
    });
    await inbox.insertSystemMessage(trx, {
      memberId,
      kind: 'BONUS_ISSUED',
      params: {
        amount: amount.toString(),
        currency: p.currency,
        promotion: p.code,
        wageringRequired: wageringRequired.toString(),
      },
      dedupeKey: `bonus:${id}:ISSUED`,
    });
    if (wageringRequired === 0n) await endIn(trx, id, { status: 'RELEASED', reason: null, at });
    return id;
  }

  /** Ends a bonus inside a transaction that holds the member's main wallet: the row, the transfer, the message. */
  async function endIn(trx: Executor, id: string, end: BonusEnd): Promise<BonusRow | undefined> {
    const { status, reason } = end;
    const b = await repo.endBonus(trx, id, end);
    if (!b) return undefined;
    await ledger.transferIn(trx, {
      idempotencyKey: `bonus-end:${id}`,
      kind: status === 'RELEASED' ? 'BONUS_RELEASE' : 'BONUS_FORFEIT',
      from: bonusAccount(b.memberId, b.currency),
      to: status === 'RELEASED' ? main(b.memberId, b.currency) : house(b.currency),
      amount: BigInt(b.amount),
      reference: { bonusId: id, ...(reason ? { remark: reason } : {}) },
    });
    await inbox.insertSystemMessage(trx, {
      memberId: b.memberId,
      kind: status === 'RELEASED' ? 'BONUS_RELEASED' : status === 'EXPIRED' ? 'BONUS_EXPIRED' : 'BONUS_FORFEITED',
      // Staff give a reason worth showing; the member's own forfeit and the expiry speak for themselves.
      params: {
        amount: b.amount,
        currency: b.currency,
        reason: reason === 'MEMBER' || reason === 'EXPIRED' ? null : reason,
      },
      dedupeKey: `bonus:${id}:${status}`,
    });
    return b;
  }

  /** Ends one bonus in its own transaction (main wallet first); whether this call ended it. */
  async function end(
    b: { id: string; memberId: string; currency: string },
    status: BonusEnd['status'],
    reason: string | null,
  ): Promise<boolean> {
    await ledger.ensureAccount(main(b.memberId, b.currency));
    return transaction(async (trx) => {
      await repo.lockMainWallet(trx, b.memberId, b.currency);
      return (await endIn(trx, b.id, { status, reason, at: now() })) !== undefined;
    });
  }

  /** Releases the met and expires the overdue bonuses (of one member, or all): how many of each. */
  async function settle(memberId?: string): Promise<{ released: number; expired: number }> {
    let released = 0;
    let expired = 0;
    for (const b of await repo.releasable(memberId)) if (await end(b, 'RELEASED', null)) released++;
    for (const b of await repo.expired(now(), memberId)) if (await end(b, 'EXPIRED', 'EXPIRED')) expired++;
    return { released, expired };
  }

  async function resultOf(claim: ClaimRow, title: string): Promise<ClaimResult> {
    const bonusRow = (await repo.bonusesOf(claim.memberId, MY_BONUSES_MAX)).find((b) => b.claimId === claim.id);
    const basis = claim.basis as { roll?: number; total?: number; prizeIndex?: number };
    return {
      claimId: claim.id,
      status: claim.status,
      bonus: bonusRow ? toProgress(bonusRow, title) : null,
      draw:
        basis.roll !== undefined && basis.total !== undefined && basis.prizeIndex !== undefined
          ? { roll: basis.roll, total: basis.total, prizeIndex: basis.prizeIndex }
          : null,
    };
  }

  /**
   * A claim (button or automatic): checks period, eligibility and the condition, then, with the
   * member's row and main wallet locked, inserts the claim (unique per occurrence) and issues the
   * bonus. A repeat of the same request id answers the first claim.
   */
  async function claim(memberId: string, promotionId: string, requestId: string, auto = false): Promise<ClaimResult> {
    const p = await repo.promotion(promotionId);
    if (!p || !p.enabled) throw new AppError('PROMOTION_NOT_FOUND', 404, 'No such promotion.', 'body.promotionId');
    const title = textsIn(p, undefined, 'en').title;
    const repeat = await repo.claimByRequest(memberId, requestId);
    if (repeat) {
      if (repeat.promotionId !== p.id)
        throw new AppError('IDEMPOTENCY_CONFLICT', 409, 'This request id was already used for another claim.');
      return resultOf(repeat, title);
    }
    if (p.claimMode === 'APPLY')
      throw new AppError('PROMOTION_APPLY_ONLY', 409, 'This activity takes an application, not a claim.');
    if (p.claimMode === 'AUTO' && !auto)
      throw new AppError('PROMOTION_AUTOMATIC', 409, 'This promotion is credited automatically.');
    const at = now();
    if (p.startsAt && new Date(p.startsAt) > at)
      throw new AppError('PROMOTION_NOT_STARTED', 409, 'This promotion has not started yet.');
    if (p.endsAt && new Date(p.endsAt) <= at) throw new AppError('PROMOTION_ENDED', 409, 'This promotion has ended.');
    if (!(await eligible(p, memberId, at)))
      throw new AppError('PROMOTION_NOT_ELIGIBLE', 403, 'This promotion is not open to your account.');
    await ledger.ensureAccount(main(memberId, p.currency));

    const claimId = await transaction(async (trx) => {
      await lockMemberRow(trx, memberId);
      await repo.lockMainWallet(trx, memberId, p.currency);
      const q = await qualify(p, memberId, at, { draw: true, exec: trx });
      if (!q.ok) {
        if (q.code === 'PROMOTION_ALREADY_CLAIMED')
          throw new AppError(q.code, 409, 'You have already claimed this promotion.');
        throw new AppError(q.code, 409, 'The condition of this promotion is not met yet.');
      }
      const id = await repo.insertClaim(trx, {
        promotionId: p.id,
        memberId,
        occurrence: q.occurrence,
        requestId,
        status: 'ISSUED',
        basis: q.basis,
      });
      if (id === undefined) return undefined; // the same request raced us and won
      if (q.amount > 0n) await issueIn(trx, p, memberId, id, q.amount, q.deposit, at);
      return id;
    });
    const row = claimId === undefined ? await repo.claimByRequest(memberId, requestId) : await repo.claim(claimId);
    if (!row || row.promotionId !== p.id)
      throw new AppError('PROMOTION_ALREADY_CLAIMED', 409, 'You have already claimed this promotion.');
    return resultOf(row, title);
  }

  /** Issues every AUTO promotion the member qualifies for now (each at most once per occurrence). */
  async function autoFor(memberId: string, promotions?: PromotionRow[]): Promise<number> {
    const at = now();
    let issued = 0;
    for (const p of promotions ?? (await repo.visiblePromotions(at))) {
      if (p.claimMode !== 'AUTO' || !inPeriod(p, at)) continue;
      // Each deposit may be its own occurrence: claim until nothing qualifies (bounded).
      for (let i = 0; i < 10; i++) {
        const q = await qualify(p, memberId, at, { draw: false });
        if (!q.ok || !(await eligible(p, memberId, at))) break;
        try {
          await claim(memberId, p.id, `auto:${p.id}:${q.occurrence}`, true);
          issued++;
        } catch (err) {
          if (err instanceof AppError) break;
          throw err;
        }
      }
    }
    return issued;
  }

  return {
    /**
     * A bonus not from a promotion (a points mall item, decision 072; a staff grant, decision 074),
     * inside the caller's transaction that holds the member's main wallet: the bonus row, its issue
     * transfer, the inbox message; every game counts fully toward its turnover.
     */
    async issueBonusIn(
      trx: Executor,
      b: {
        memberId: string;
        currency: string;
        amount: bigint;
        wageringMultiple: number;
        validDays: number;
        grant?: { staffId: string | null; reason: string; requestId: string };
      },
    ): Promise<string> {
      const at = now();
      const wageringRequired = b.amount * BigInt(b.wageringMultiple);
      const id = await repo.insertBonus(trx, {
        memberId: b.memberId,
        promotionId: null,
        claimId: null,
        currency: b.currency,
        amount: b.amount,
        lockedAmount: 0n,
        wageringRequired,
        gameWeights: {},
        issuedAt: at,
        expiresAt: new Date(at.getTime() + b.validDays * DAY_MS),
        ...(b.grant ? { grant: b.grant } : {}),
      });
      await ledger.transferIn(trx, {
        idempotencyKey: `bonus-issue:${id}`,
        kind: 'BONUS',
        from: house(b.currency),
        to: bonusAccount(b.memberId, b.currency),
        amount: b.amount,
        reference: b.grant
          ? {
              bonusId: id,
              source: b.grant.requestId.startsWith(REFERRAL_GRANT_PREFIX) ? 'REFERRAL' : 'STAFF',
              remark: b.grant.reason,
            }
          : { bonusId: id, source: 'POINTS_MALL' },
      });
      await inbox.insertSystemMessage(trx, {
        memberId: b.memberId,
        kind: 'BONUS_ISSUED',
        params: {
          amount: b.amount.toString(),
          currency: b.currency,
          promotion: null,
          wageringRequired: wageringRequired.toString(),
        },
        dedupeKey: `bonus:${id}:ISSUED`,
      });
      if (wageringRequired === 0n) await endIn(trx, id, { status: 'RELEASED', reason: null, at });
      return id;
    },

    /**
     * A bonus granted once per request id (a staff grant, decision 074; a referral reward, decision
     * 075), inside the caller's transaction, which holds the member's main wallet lock — the lock
     * every grant to the member takes first. The id is read again under it, so a repeat or a
     * concurrent call credits nothing and answers undefined; the unique index on the id backs it up.
     */
    async grantOnceIn(
      trx: Executor,
      g: {
        memberId: string;
        currency: string;
        amount: bigint;
        wageringMultiple: number;
        validDays: number;
        reason: string;
        requestId: string;
        staffId: string | null;
      },
    ): Promise<string | undefined> {
      if (await repo.bonusByGrantRequest(g.requestId, trx)) return undefined;
      return this.issueBonusIn(trx, {
        memberId: g.memberId,
        currency: g.currency,
        amount: g.amount,
        wageringMultiple: g.wageringMultiple,
        validDays: g.validDays,
        grant: { staffId: g.staffId, reason: g.reason, requestId: g.requestId },
      });
    },

    claim: (memberId: string, promotionId: string, requestId: string) => claim(memberId, promotionId, requestId),
    autoFor,
    settle,
    qualify,
    issueIn,
    eligible,

    /**
     * An application to an APPLY activity (spec §5): a comment of at most 140 characters and up to
     * three png/jpg images through the shared uploads service, all stored together or not at all;
     * one per member and activity; a repeat of the request id answers the first.
     */
    async apply(
      memberId: string,
      body: { promotionId: string; comment: string; images: string[]; requestId: string },
    ): Promise<ClaimResult> {
      const p = await repo.promotion(body.promotionId);
      if (!p || !p.enabled) throw new AppError('PROMOTION_NOT_FOUND', 404, 'No such promotion.', 'body.promotionId');
      const title = textsIn(p, undefined, 'en').title;
      const repeat = await repo.claimByRequest(memberId, body.requestId);
      if (repeat) {
        if (repeat.promotionId !== p.id)
          throw new AppError('IDEMPOTENCY_CONFLICT', 409, 'This request id was already used for another claim.');
        return resultOf(repeat, title);
      }
      if (p.claimMode !== 'APPLY')
        throw new AppError('PROMOTION_NOT_FOUND', 404, 'This promotion takes no application.', 'body.promotionId');
      const at = now();
      if (p.startsAt && new Date(p.startsAt) > at)
        throw new AppError('PROMOTION_NOT_STARTED', 409, 'This promotion has not started yet.');
      if (p.endsAt && new Date(p.endsAt) <= at) throw new AppError('PROMOTION_ENDED', 409, 'This promotion has ended.');
      const comment = body.comment.trim();
      if ([...comment].length > LIMITS.feedbackMaxChars)
        throw new AppError(
          'APPLICATION_COMMENT_TOO_LONG',
          400,
          `At most ${LIMITS.feedbackMaxChars} characters.`,
          'body.comment',
          { max: LIMITS.feedbackMaxChars },
        );
      if (!(await eligible(p, memberId, at)))
        throw new AppError('PROMOTION_NOT_ELIGIBLE', 403, 'This promotion is not open to your account.');
      if (await repo.hasOccurrence(p.id, memberId, 'ONCE'))
        throw new AppError('PROMOTION_ALREADY_CLAIMED', 409, 'You have already applied to this activity.');
      // Every image is checked (and re-encoded) before anything is written.
      const images = await uploads.check(body.images);
      const claimId = await transaction(async (trx) => {
        await lockMemberRow(trx, memberId);
        const id = await repo.insertClaim(trx, {
          promotionId: p.id,
          memberId,
          occurrence: 'ONCE',
          requestId: body.requestId,
          status: 'APPLYING',
          basis: {},
          comment,
        });
        if (id === undefined) return undefined;
        await repo.setClaimImages(trx, id, await uploads.store(trx, memberId, 'ACTIVITY', images));
        return id;
      });
      const row =
        claimId === undefined ? await repo.claimByRequest(memberId, body.requestId) : await repo.claim(claimId);
      if (!row || row.promotionId !== p.id)
        throw new AppError('PROMOTION_ALREADY_CLAIMED', 409, 'You have already applied to this activity.');
      return resultOf(row, title);
    },

    /** Staff approve (the reward is issued, once) or reject (with a reason the member reads) an application. */
    async review(actor: Actor, claimId: string, decision: 'APPROVE' | 'REJECT', reason: string | null) {
      const before = await repo.claim(claimId);
      const p = before ? await repo.promotion(before.promotionId) : undefined;
      if (!before || !p || p.claimMode !== 'APPLY')
        throw new AppError('NOT_FOUND', 404, 'No such application.', 'body.id');
      if (decision === 'REJECT' && !reason)
        throw new AppError('VALIDATION_FAILED', 400, 'A rejection needs a reason.', 'body.reason');
      await ledger.ensureAccount(main(before.memberId, p.currency));
      await transaction(async (trx) => {
        const c = await repo.lockClaim(trx, claimId);
        if (!c || c.status !== 'APPLYING')
          throw new AppError('APPLICATION_NOT_PENDING', 409, 'This application has already been reviewed.');
        const at = now();
        if (decision === 'APPROVE') {
          await repo.lockMainWallet(trx, c.memberId, p.currency);
          await repo.reviewClaim(trx, claimId, { status: 'ISSUED', reason: null, staffId: actor.staffId ?? '0' });
          const amount = BigInt(p.rules.amount ?? '0');
          if (amount > 0n) await issueIn(trx, p, c.memberId, claimId, amount, 0n, at);
        } else {
          await repo.reviewClaim(trx, claimId, { status: 'REJECTED', reason, staffId: actor.staffId ?? '0' });
          await inbox.insertSystemMessage(trx, {
            memberId: c.memberId,
            kind: 'APPLICATION_REJECTED',
            params: { promotion: p.code, reason },
            dedupeKey: `application:${claimId}:REJECTED`,
          });
        }
        await writeAudit(trx, actor, {
          action: decision === 'APPROVE' ? 'promotion.application.approve' : 'promotion.application.reject',
          target: `promotion_claim:${claimId}`,
          before: { status: c.status },
          after: { status: decision === 'APPROVE' ? 'ISSUED' : 'REJECTED', reason },
        });
      });
      return (await repo.claim(claimId))!;
    },

    /** Back office: every promotion with its schedule state and claims. */
    async staffList(): Promise<{ items: StaffPromotion[] }> {
      const [rows, counts] = await Promise.all([repo.allPromotions(), repo.claimCounts()]);
      const agents = await repo.accountsOf(rows.flatMap((r) => (r.agentId ? [r.agentId] : [])));
      const at = now();
      return {
        items: rows.map((p) => ({
          id: p.id,
          code: p.code,
          kind: p.kind,
          claimMode: p.claimMode,
          texts: p.texts,
          startsAt: iso(p.startsAt),
          endsAt: iso(p.endsAt),
          enabled: p.enabled,
          sort: p.sort,
          rules: p.rules,
          newMemberDays: p.newMemberDays,
          memberTypes: p.memberTypes,
          agentAccount: p.agentId ? (agents.get(p.agentId) ?? null) : null,
          currency: p.currency,
          state: !p.enabled
            ? 'OFF'
            : p.startsAt && new Date(p.startsAt) > at
              ? 'SCHEDULED'
              : p.endsAt && new Date(p.endsAt) <= at
                ? 'ENDED'
                : 'RUNNING',
          claims: counts.get(p.id) ?? 0,
          updatedAt: iso(p.updatedAt)!,
        })),
      };
    },

    /** Back office: creates or edits a promotion; texts sanitized, rules checked against the kind; audited. */
    async save(actor: Actor, body: z.output<typeof SavePromotionBody>): Promise<StaffPromotion> {
      const problem = rulesProblem(body.kind, body.claimMode, body.rules);
      if (problem) throw new AppError('PROMOTION_RULES_INVALID', 400, problem, 'body.rules');
      if (body.startsAt && body.endsAt && new Date(body.startsAt) >= new Date(body.endsAt))
        throw new AppError('CONTENT_SCHEDULE_INVALID', 400, 'The end must be after the start.', 'body.endsAt');
      const texts: PromotionRow['texts'] = {};
      for (const [language, t] of Object.entries(body.texts)) {
        const content = sanitizeContentHtml(t.content);
        texts[language] = { title: t.title, summary: t.summary, content: hasVisibleContent(content) ? content : '' };
      }
      if (Object.keys(texts).length === 0)
        throw new AppError('CONTENT_EMPTY', 400, 'A promotion needs a text in at least one language.', 'body.texts');
      const agentId = body.agentAccount ? await repo.memberIdOf(body.agentAccount) : null;
      if (body.agentAccount && !agentId)
        throw new AppError('NOT_FOUND', 404, 'No such agent account.', 'body.agentAccount');
      const other = await repo.promotionByCode(body.code);
      if (other && other.id !== body.id)
        throw new AppError('PROMOTION_CODE_TAKEN', 409, 'Another promotion uses this code.', 'body.code');
      const before = body.id ? await repo.promotion(body.id) : undefined;
      if (body.id && !before) throw new AppError('PROMOTION_NOT_FOUND', 404, 'No such promotion.', 'body.id');
      const id = await transaction(async (trx) => {
        const saved = await repo.savePromotion(trx, {
          id: body.id,
          code: body.code,
          kind: body.kind,
          claimMode: body.claimMode,
          texts,
          startsAt: body.startsAt ? new Date(body.startsAt) : null,
          endsAt: body.endsAt ? new Date(body.endsAt) : null,
          enabled: body.enabled,
          sort: body.sort,
          rules: body.rules,
          newMemberDays: body.newMemberDays,
          memberTypes: body.memberTypes && body.memberTypes.length > 0 ? body.memberTypes : null,
          agentId: agentId ?? null,
          currency: before?.currency ?? 'KRW',
        });
        await writeAudit(trx, actor, {
          action: body.id ? 'promotion.update' : 'promotion.create',
          target: `promotion:${saved}`,
          ...(before ? { before: { code: before.code, rules: before.rules, enabled: before.enabled } } : {}),
          after: { code: body.code, kind: body.kind, rules: body.rules, enabled: body.enabled },
        });
        return saved;
      });
      return (await this.staffList()).items.find((p) => p.id === id)!;
    },

    /** Back office: applications, waiting ones first. */
    async applications(q: { status?: Application['status'] | undefined; pageNum: number }) {
      const { rows, total } = await repo.applications({
        status: q.status,
        limit: STAFF_PAGE_SIZE,
        offset: (q.pageNum - 1) * STAFF_PAGE_SIZE,
      });
      return {
        content: rows.map((r) => this.toApplication(r, r.memberAccount, r.promotionCode)),
        pageNum: q.pageNum,
        totalPages: Math.max(1, Math.ceil(total / STAFF_PAGE_SIZE)),
      };
    },

    async application(id: string): Promise<Application> {
      const c = (await repo.claim(id))!;
      const [accounts, p] = await Promise.all([repo.accountsOf([c.memberId]), repo.promotion(c.promotionId)]);
      return this.toApplication(c, accounts.get(c.memberId) ?? '', p?.code ?? '');
    },

    toApplication(r: ClaimRow, memberAccount: string, promotionCode: string): Application {
      return {
        id: r.id,
        promotionId: r.promotionId,
        promotionCode,
        memberAccount,
        comment: r.comment ?? '',
        // Sizes are not kept on the claim; the grid shows the image itself.
        images: r.imageIds.map((id) => ({ id, url: uploads.url(id), width: 0, height: 0 })),
        status: r.status,
        rejectReason: r.rejectReason,
        reviewedAt: iso(r.reviewedAt),
        createdAt: iso(r.createdAt)!,
      };
    },

    /** Back office: cancels an active bonus with a reason the member reads; audited. */
    async cancelBonus(actor: Actor, id: string, reason: string) {
      const b = await repo.bonus(id);
      if (!b) throw new AppError('BONUS_NOT_FOUND', 404, 'No such bonus.', 'body.id');
      await ledger.ensureAccount(main(b.memberId, b.currency));
      const ended = await transaction(async (trx) => {
        await repo.lockMainWallet(trx, b.memberId, b.currency);
        const row = await endIn(trx, id, { status: 'FORFEITED', reason, at: now() });
        if (row)
          await writeAudit(trx, actor, {
            action: 'bonus.cancel',
            target: `member_bonus:${id}`,
            before: { status: 'ACTIVE' },
            after: { status: 'FORFEITED', reason },
          });
        return row;
      });
      if (!ended) throw new AppError('BONUS_NOT_ACTIVE', 409, 'This bonus has already ended.');
      return { id, status: 'FORFEITED' };
    },

    /** Back office: a member's bonuses with their source and progress, after releasing and expiring what is due. */
    async staffBonuses(memberId: string): Promise<{ items: StaffBonus[]; bonusBalance: string; currency: string }> {
      if (!(await repo.member(memberId)))
        throw new AppError('MEMBER_NOT_FOUND', 404, 'No such member.', 'query.memberId');
      await settle(memberId);
      const rows = await repo.staffBonusesOf(memberId, MY_BONUSES_MAX);
      const balance = await ledger.balance(bonusAccount(memberId, SITE_CURRENCY));
      return { items: rows.map(toStaffBonus), bonusBalance: balance.toString(), currency: SITE_CURRENCY };
    },

    /**
     * Back office: grants a member a bonus with a wagering multiple and a reason the member reads
     * (decision 074). One bonus per request id: the id is read again under the member's main wallet
     * lock, which every grant to the member takes first, so a repeat or a concurrent double click
     * answers the first grant; the unique index on the request id backs that up. Audited.
     */
    async grantBonus(
      actor: Actor,
      body: {
        memberId: string;
        amount: string;
        wageringMultiple: number;
        validDays: number;
        reason: string;
        requestId: string;
      },
    ): Promise<StaffBonus> {
      const same = (b: BonusRow) =>
        b.memberId === body.memberId && b.amount === body.amount && b.grantReason === body.reason;
      const answer = async (b: BonusRow) => {
        if (!same(b))
          throw new AppError('IDEMPOTENCY_CONFLICT', 409, 'This request id was already used for another grant.');
        return toStaffBonus((await repo.staffBonusesOf(b.memberId, MY_BONUSES_MAX)).find((x) => x.id === b.id)!);
      };
      const repeat = await repo.bonusByGrantRequest(body.requestId);
      if (repeat) return answer(repeat);
      const m = await repo.member(body.memberId);
      if (!m) throw new AppError('MEMBER_NOT_FOUND', 404, 'No such member.', 'body.memberId');
      if (m.type === TRIAL_TYPE)
        throw new AppError('TRIAL_NOT_ALLOWED', 403, 'A trial account cannot receive a bonus.', 'body.memberId');
      const currency = SITE_CURRENCY;
      await ledger.ensureAccount(main(body.memberId, currency));
      const id = await transaction(async (trx) => {
        await repo.lockMainWallet(trx, body.memberId, currency);
        const bonusId = await this.grantOnceIn(trx, {
          memberId: body.memberId,
          currency,
          amount: BigInt(body.amount),
          wageringMultiple: body.wageringMultiple,
          validDays: body.validDays,
          reason: body.reason,
          requestId: body.requestId,
          staffId: actor.staffId,
        });
        if (!bonusId) return undefined;
        await writeAudit(trx, actor, {
          action: 'bonus.grant',
          target: `member_bonus:${bonusId}`,
          after: {
            memberId: body.memberId,
            amount: body.amount,
            wageringMultiple: body.wageringMultiple,
            validDays: body.validDays,
            reason: body.reason,
          },
        });
        return bonusId;
      });
      return answer((await (id ? repo.bonus(id) : repo.bonusByGrantRequest(body.requestId)))!);
    },

    /** Promotions running or coming, in a language. */
    async promotions(language: string | undefined): Promise<Promotion[]> {
      const fallback = await deps.defaultLanguage();
      return (await repo.visiblePromotions(now())).map((p) => {
        const t = textsIn(p, language, fallback);
        return {
          id: p.id,
          code: p.code,
          kind: p.kind,
          claimMode: p.claimMode,
          title: t.title,
          summary: t.summary,
          content: t.content,
          startsAt: iso(p.startsAt),
          endsAt: iso(p.endsAt),
          rules: p.rules,
          currency: p.currency,
          newMemberDays: p.newMemberDays,
        };
      });
    },

    /** Each promotion's status label for the member (spec §4), after issuing what is automatic. */
    async states(memberId: string): Promise<{ items: PromotionState[]; claimable: number }> {
      const at = now();
      const promotions = await repo.visiblePromotions(at);
      await autoFor(memberId, promotions);
      await settle(memberId);
      const [claims, bonuses] = await Promise.all([repo.claimsOf(memberId), repo.bonusesOf(memberId, MY_BONUSES_MAX)]);
      const items: PromotionState[] = [];
      for (const p of promotions) {
        const mine = claims.filter((c) => c.promotionId === p.id);
        const latest = mine[0];
        const hasActive = bonuses.some((b) => b.promotionId === p.id && b.status === 'ACTIVE');
        const issuedState: ActivityStatus | undefined = hasActive
          ? 'ISSUED'
          : mine.some((c) => c.status === 'ISSUED')
            ? 'CLAIMED'
            : undefined;
        const state = (status: ActivityStatus, extra: Partial<PromotionState> = {}): PromotionState => ({
          promotionId: p.id,
          status,
          expectedAmount: null,
          reason: null,
          rejectReason: null,
          ...extra,
        });
        if (p.startsAt && new Date(p.startsAt) > at) {
          items.push(state('COMING_SOON'));
          continue;
        }
        if (p.claimMode === 'APPLY') {
          if (latest?.status === 'APPLYING') items.push(state('APPLYING'));
          else if (latest?.status === 'REJECTED') items.push(state('REJECTED', { rejectReason: latest.rejectReason }));
          else if (issuedState) items.push(state(issuedState));
          else if (!(await eligible(p, memberId, at))) items.push(state('CLOSE', { reason: 'NOT_ELIGIBLE' }));
          else items.push(state('JOIN', { expectedAmount: p.rules.amount ?? null }));
          continue;
        }
        if (!(await eligible(p, memberId, at))) {
          items.push(state(issuedState ?? 'CLOSE', issuedState ? {} : { reason: 'NOT_ELIGIBLE' }));
          continue;
        }
        const q = await qualify(p, memberId, at, { draw: false });
        if (q.ok && p.claimMode === 'CLAIM')
          items.push(state('CLAIM', { expectedAmount: p.kind === 'RAFFLE' ? null : q.amount.toString() }));
        else if (q.ok) items.push(state('SIGNED', { expectedAmount: q.amount.toString() }));
        else if (issuedState && (q.code === 'PROMOTION_ALREADY_CLAIMED' || p.kind !== 'CASHBACK'))
          items.push(state(issuedState));
        else items.push(state(p.claimMode === 'AUTO' ? 'SIGNED' : 'PROCESS'));
      }
      return { items, claimable: items.filter((s) => s.status === 'CLAIM' || s.status === 'JOIN').length };
    },

    /** The member's bonuses with progress, after releasing and expiring what is due. */
    async bonuses(memberId: string, language: string | undefined, currency: string) {
      await settle(memberId);
      const fallback = await deps.defaultLanguage();
      const promotions = new Map((await repo.allPromotions()).map((p) => [p.id, p]));
      const rows = await repo.bonusesOf(memberId, MY_BONUSES_MAX);
      const items = rows.map((b) => {
        const p = b.promotionId ? promotions.get(b.promotionId) : undefined;
        return toProgress(b, p ? textsIn(p, language, fallback).title : grantTitle(b, language ?? fallback));
      });
      const [bonusBalance, locked] = await Promise.all([
        ledger.balance(bonusAccount(memberId, currency)),
        repo.lockedAmount(memberId, currency),
      ]);
      return { items, bonusBalance: bonusBalance.toString(), lockedAmount: locked.toString(), currency };
    },

    /** The member gives up an active bonus of theirs. */
    async forfeit(memberId: string, bonusId: string, language: string | undefined): Promise<BonusProgress> {
      const b = await repo.bonus(bonusId);
      if (!b || b.memberId !== memberId) throw new AppError('BONUS_NOT_FOUND', 404, 'No such bonus.', 'body.bonusId');
      if (!(await end(b, 'FORFEITED', 'MEMBER')))
        throw new AppError('BONUS_NOT_ACTIVE', 409, 'This bonus has already ended.');
      const p = b.promotionId ? await repo.promotion(b.promotionId) : undefined;
      const title = p ? textsIn(p, language, await deps.defaultLanguage()).title : '';
      return toProgress((await repo.bonus(bonusId))!, title);
    },

    /**
     * For the cashier, inside its withdrawal transaction: refuses an amount that would take the main
     * wallet below what active bonuses lock.
     */
    async checkWithdrawable(trx: Executor, memberId: string, currency: string, amount: bigint): Promise<void> {
      const locked = await repo.lockedAmount(memberId, currency, trx);
      if (locked === 0n) return;
      await repo.lockMainWallet(trx, memberId, currency);
      const balance = await repo.mainBalance(trx, memberId, currency);
      const withdrawable = balance > locked ? balance - locked : 0n;
      if (amount > withdrawable)
        throw new AppError(
          'BONUS_LOCKED_FUNDS',
          409,
          'Part of your balance is locked by an active bonus until its wagering is met.',
          'body.amount',
          { locked: locked.toString(), withdrawable: withdrawable.toString() },
        );
    },

    /** Every AUTO promotion's candidates, then release and expiry (the job queue runs it every minute). */
    async sweep(): Promise<{ issued: number; released: number; expired: number }> {
      const at = now();
      let issued = 0;
      for (const p of await repo.visiblePromotions(at)) {
        if (p.claimMode !== 'AUTO' || !inPeriod(p, at)) continue;
        for (const memberId of await repo.autoCandidates(p, 500)) issued += await autoFor(memberId, [p]);
      }
      return { issued, ...(await settle()) };
    },

    weightedStake,
  };
}
export type RewardsService = ReturnType<typeof rewardsService>;

/** Every minute: automatic promotions issued, met bonuses released, overdue ones expired. */
export const rewardsSweepTask = (rewards: RewardsService): ScheduledTask => ({
  name: 'rewards-sweep',
  everyMs: 60_000,
  run: () => rewards.sweep(),
});
