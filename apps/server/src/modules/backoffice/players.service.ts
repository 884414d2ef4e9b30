import type { Adjustment } from '@portal/contracts/backoffice/players.contract.ts';
import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { SignOutEverywhere } from '../auth/sign-out-everywhere.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import type { AdjustmentRepository, AdjustmentRow } from './adjustment.repository.ts';
import { writeAudit, type Actor } from './audit.ts';
import type { BoMembersRepository } from './members.repository.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export interface PlayersDeps {
  members: BoMembersRepository;
  adjustments: AdjustmentRepository;
  ledger: LedgerService;
  signOut: SignOutEverywhere;
  /** Above this many minor units (either way) an adjustment waits for a second approver. */
  approvalAbove: bigint;
  now: () => Date;
}

/** The back office's member tools: search, profile, lock, forced password change, balance adjustments. */
export function backOfficePlayers(d: PlayersDeps) {
  const { members, adjustments, ledger } = d;

  const memberRow = (m: {
    id: string;
    account: string;
    type: number;
    status: 'ACTIVE' | 'DISABLED';
    nickname: string | null;
    email: string | null;
    mobileDialingCode: string | null;
    mobileNum: string | null;
    createdAt: Date;
    lastLoginAt: Date | null;
    lastLoginIp: string | null;
  }) => ({
    id: String(m.id),
    account: m.account,
    type: m.type,
    status: m.status,
    nickname: m.nickname,
    email: m.email,
    mobile: m.mobileNum ? `+${m.mobileDialingCode ?? ''} ${m.mobileNum}` : null,
    createdAt: iso(m.createdAt)!,
    lastLoginAt: iso(m.lastLoginAt),
    lastLoginIp: m.lastLoginIp,
  });

  async function lockedMember(trx: Executor, id: string) {
    const m = await members.lock(trx, id);
    if (!m) throw new AppError('NOT_FOUND', 404, 'No such member.', 'body.id');
    return m;
  }

  const adjustment = (r: AdjustmentRow): Adjustment => ({
    id: String(r.id),
    memberId: String(r.memberId),
    memberAccount: r.memberAccount,
    currency: r.currency,
    amount: String(r.amount),
    reason: r.reason,
    status: r.status,
    createdBy: r.creator,
    decidedBy: r.decider,
    createdAt: iso(r.createdAt)!,
  });

  /** The ledger transfer of an adjustment: house adjustment account ↔ the member's main wallet, once per adjustment. */
  async function apply(trx: Executor, a: { id: string; memberId: string; currency: string; amount: string }) {
    const amount = BigInt(a.amount);
    const member = { kind: 'MEMBER_MAIN' as const, memberId: a.memberId, currency: a.currency };
    const house = { kind: 'HOUSE_ADJUSTMENT' as const, currency: a.currency };
    const result = await ledger.transferIn(trx, {
      idempotencyKey: `adjustment:${a.id}`,
      kind: 'ADJUSTMENT',
      from: amount > 0n ? house : member,
      to: amount > 0n ? member : house,
      amount: amount > 0n ? amount : -amount,
      reference: { adjustmentId: a.id },
    });
    return result.transferId;
  }

  return {
    approvalAbove: d.approvalAbove,

    async search(q: { q?: string | undefined; page: number; pageSize: number }) {
      const { rows, total } = await members.search({ q: q.q, limit: q.pageSize, offset: q.page * q.pageSize });
      return { players: rows.map(memberRow), total };
    },

    async profile(id: string) {
      const m = await members.byId(id);
      if (!m) throw new AppError('NOT_FOUND', 404, 'No such member.', 'query.id');
      const at = d.now();
      const [wallets, sessions, transfers] = await Promise.all([
        members.wallets(id),
        members.recentSessions(id, 20),
        members.recentMainTransfers(id, 30),
      ]);
      return {
        player: {
          ...memberRow(m),
          passwordChangeForced: Boolean(
            m.passwordChangeForcedAt &&
            new Date(m.passwordChangeForcedAt).getTime() >= new Date(m.passwordChangedAt).getTime(),
          ),
        },
        wallets: wallets.map((w) => ({
          kind: w.kind,
          vendorId: w.vendorId,
          vendorName: w.vendorId === null ? null : (w.vendorName ?? w.vendorId),
          currency: w.currency,
          balance: String(w.balance),
        })),
        sessions: sessions.map((s) => ({
          id: String(s.id),
          createdAt: iso(s.createdAt)!,
          lastSeenAt: iso(s.lastSeenAt)!,
          ip: s.ip,
          userAgent: s.userAgent,
          live: s.revokedAt === null && new Date(s.expiresAt).getTime() > at.getTime(),
        })),
        transactions: transfers.map((t) => ({
          id: String(t.id),
          kind: t.kind,
          amount: String(t.amount),
          direction: String(t.toAccountId) === String(t.accountId) ? ('IN' as const) : ('OUT' as const),
          createdAt: iso(t.createdAt)!,
        })),
      };
    },

    /** Lock (every session and game session ends) or unlock; the same status again changes nothing. */
    async setStatus(actor: Actor, id: string, status: 'ACTIVE' | 'DISABLED') {
      const changed = await members.transaction(async (trx) => {
        const m = await lockedMember(trx, id);
        if (m.status === status) return false;
        await members.update(trx, id, { status });
        if (status === 'DISABLED') await d.signOut.inTransaction(trx, id, d.now());
        await writeAudit(trx, actor, {
          action: status === 'DISABLED' ? 'member.lock' : 'member.unlock',
          target: `member:${id}`,
          before: { status: m.status },
          after: { status },
        });
        return true;
      });
      if (changed && status === 'DISABLED') await d.signOut.afterCommit(id);
      return { changed, status };
    },

    /** The member must choose a new password at the next sign-in; their sessions end now. */
    async forcePasswordChange(actor: Actor, id: string) {
      const at = d.now();
      await members.transaction(async (trx) => {
        const m = await lockedMember(trx, id);
        await members.update(trx, id, { passwordChangeForcedAt: at });
        await d.signOut.inTransaction(trx, id, at);
        await writeAudit(trx, actor, {
          action: 'member.forcePasswordChange',
          target: `member:${id}`,
          before: { passwordChangeForcedAt: iso(m.passwordChangeForcedAt) },
          after: { passwordChangeForcedAt: at.toISOString() },
        });
      });
      await d.signOut.afterCommit(id);
      return { forcedAt: at.toISOString() };
    },

    /**
     * A manual adjustment. Up to the threshold it is applied at once (a ledger transfer with the house
     * adjustment account); above it, it waits for a second staff user. A debit never takes the
     * wallet below zero (the ledger refuses it and nothing is written).
     */
    async createAdjustment(
      actor: Actor & { staffId: string },
      a: { memberId: string; amount: string; reason: string },
    ) {
      const amount = BigInt(a.amount);
      const needsApproval = (amount < 0n ? -amount : amount) > d.approvalAbove;
      return adjustments.transaction(async (trx) => {
        await lockedMember(trx, a.memberId).catch(() => {
          throw new AppError('NOT_FOUND', 404, 'No such member.', 'body.memberId');
        });
        const row = await adjustments.insert(trx, {
          memberId: a.memberId,
          currency: SITE_CURRENCY,
          amount: a.amount,
          reason: a.reason,
          status: needsApproval ? 'PENDING' : 'APPLIED',
          createdBy: actor.staffId,
          decidedBy: needsApproval ? null : actor.staffId,
          decidedAt: needsApproval ? null : d.now(),
          transferId: null,
        });
        if (!needsApproval) {
          const transferId = await apply(trx, { ...row, id: String(row.id), memberId: String(row.memberId) });
          await adjustments.update(trx, row.id, { transferId });
        }
        const created = adjustment(await adjustments.view(trx, row.id));
        await writeAudit(trx, actor, {
          action: needsApproval ? 'adjustment.request' : 'adjustment.apply',
          target: `member:${a.memberId}`,
          after: created,
        });
        return created;
      });
    },

    async listAdjustments(): Promise<Adjustment[]> {
      return (await adjustments.list(200)).map(adjustment);
    },

    /** A second staff user's decision on a waiting adjustment; its creator may not decide it. */
    async decideAdjustment(actor: Actor & { staffId: string }, id: string, decision: 'APPLIED' | 'REJECTED') {
      return adjustments.transaction(async (trx) => {
        const row = await adjustments.lock(trx, id);
        if (!row) throw new AppError('NOT_FOUND', 404, 'No such adjustment.', 'body.id');
        if (row.status !== 'PENDING')
          throw new AppError('ADJUSTMENT_NOT_PENDING', 409, `This adjustment is already ${row.status}.`, 'body.id');
        if (String(row.createdBy) === actor.staffId)
          throw new AppError('ADJUSTMENT_SELF_APPROVAL', 403, 'Another staff user must approve your adjustment.');
        const before = adjustment(await adjustments.view(trx, id));
        const transferId =
          decision === 'APPLIED'
            ? await apply(trx, {
                id,
                memberId: String(row.memberId),
                currency: row.currency,
                amount: String(row.amount),
              })
            : null;
        await adjustments.update(trx, id, {
          status: decision,
          decidedBy: actor.staffId,
          decidedAt: d.now(),
          transferId,
        });
        const after = adjustment(await adjustments.view(trx, id));
        await writeAudit(trx, actor, {
          action: decision === 'APPLIED' ? 'adjustment.approve' : 'adjustment.reject',
          target: `member:${row.memberId}`,
          before,
          after,
        });
        return after;
      });
    },
  };
}
export type BackOfficePlayers = ReturnType<typeof backOfficePlayers>;
