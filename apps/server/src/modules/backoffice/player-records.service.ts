import { isAgentType, TRIAL_TYPE } from '@portal/contracts/limits.ts';
import type { PlayerDetails } from '@portal/contracts/backoffice/players.contract.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { MemberMoves } from '../agent/team.service.ts';
import { writeAudit, type Actor } from './audit.ts';
import type { BoMembersRepository } from './members.repository.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
const page = (q: { page: number; pageSize: number }) => ({ limit: q.pageSize, offset: q.page * q.pageSize });

export interface PlayerRecordsDeps {
  members: BoMembersRepository;
  moves: MemberMoves;
  now: () => Date;
}

/**
 * The rest of a member's profile in the back office: upline chain, bank accounts, sign-in addresses,
 * rounds, staff notes; and the tools that change who a member is (payment password, upline, type).
 * Every change writes its audit row in its own transaction.
 */
export function playerRecords(d: PlayerRecordsDeps) {
  const { members } = d;

  async function lockedMember(trx: Executor, id: string) {
    const m = await members.lock(trx, id);
    if (!m) throw new AppError('NOT_FOUND', 404, 'No such member.', 'body.id');
    return m;
  }
  async function exists(id: string) {
    const m = await members.byId(id);
    if (!m) throw new AppError('NOT_FOUND', 404, 'No such member.', 'query.id');
    return m;
  }

  return {
    async details(id: string): Promise<PlayerDetails> {
      const pp = await exists(id);
      const [uplines, downlineCount, referral, banks, addresses, notes] = await Promise.all([
        members.uplines(id),
        members.downlineCount(id),
        members.referral(id),
        members.bankAccounts(id),
        members.knownAddresses(id),
        members.notes(id),
      ]);
      return {
        uplines: uplines.map((u) => ({ id: String(u.id), account: u.account, type: u.type })),
        downlineCount,
        referrer:
          referral.referrerId && referral.referrerAccount
            ? { id: referral.referrerId, account: referral.referrerAccount }
            : null,
        referredCount: referral.referredCount,
        hasPaymentPassword: pp.paymentPasswordHash !== null,
        bankAccounts: banks.map((b) => ({
          id: String(b.id),
          payeeName: b.payeeName,
          bankName: b.bankName,
          accountNumber: b.accountNumber,
          createdAt: iso(b.createdAt),
        })),
        knownAddresses: addresses.map((a) => ({ ip: a.ip, firstSeenAt: iso(a.firstSeenAt) })),
        notes: notes.map((n) => ({ id: String(n.id), author: n.author, body: n.body, createdAt: iso(n.createdAt) })),
      };
    },

    async bets(q: { id: string; page: number; pageSize: number }) {
      await exists(q.id);
      return members.rounds(q.id, page(q));
    },

    async sessions(q: { id: string; page: number; pageSize: number }) {
      await exists(q.id);
      const at = d.now().getTime();
      const { rows, total } = await members.sessions(q.id, page(q));
      return {
        total,
        sessions: rows.map((s) => ({
          id: String(s.id),
          createdAt: iso(s.createdAt),
          lastSeenAt: iso(s.lastSeenAt),
          ip: s.ip,
          userAgent: s.userAgent,
          live: s.revokedAt === null && new Date(s.expiresAt).getTime() > at,
        })),
      };
    },

    lookUpRound: (id: string) => members.lookUpRound(id),

    /** A note is appended with its author; the table refuses updates and deletes. */
    addNote(actor: Actor, id: string, body: string) {
      return members.transaction(async (trx) => {
        await lockedMember(trx, id);
        const n = await members.addNote(trx, { memberId: id, staffId: actor.staffId, author: actor.name, body });
        const note = { id: String(n.id), author: n.author, body: n.body, createdAt: iso(n.createdAt) };
        await writeAudit(trx, actor, { action: 'member.note', target: `member:${id}`, after: note });
        return note;
      });
    },

    /** Clears the payment password: the member sets a new one (freely, as the first time) before moving money out. */
    resetPaymentPassword(actor: Actor, id: string) {
      return members.transaction(async (trx) => {
        const m = await lockedMember(trx, id);
        const had = m.paymentPasswordHash !== null;
        if (had) await members.update(trx, id, { paymentPasswordHash: null });
        await writeAudit(trx, actor, {
          action: 'member.resetPaymentPassword',
          target: `member:${id}`,
          before: { hasPaymentPassword: had },
          after: { hasPaymentPassword: false },
        });
        return { hadPaymentPassword: had };
      });
    },

    /** Below another agent, with the whole downline (the closure and the reports follow, decisions 050/051). */
    async move(actor: Actor, id: string, uplineAccount: string) {
      const m = await members.byId(id);
      if (!m) throw new AppError('NOT_FOUND', 404, 'No such member.', 'body.id');
      const moved = await d.moves.move(m.account, uplineAccount, (trx, before, after) =>
        writeAudit(trx, actor, { action: 'member.move', target: `member:${id}`, before, after }),
      );
      return { memberId: moved.memberId, uplineId: moved.uplineId, changed: moved.changed };
    },

    /** Player ↔ agent types; a trial account keeps its type, an agent with a downline stays an agent. */
    setType(actor: Actor, id: string, type: number) {
      return members.transaction(async (trx) => {
        const m = await lockedMember(trx, id);
        if (m.type === TRIAL_TYPE || type === TRIAL_TYPE)
          throw new AppError('MEMBER_TYPE_FIXED', 409, 'A trial account keeps its type.', 'body.type');
        if (m.type === type) return { type, changed: false };
        if (!isAgentType(type) && (await members.downlineCount(id, trx)) > 0)
          throw new AppError('MEMBER_HAS_DOWNLINE', 409, 'This agent has members below it.', 'body.type');
        await members.update(trx, id, { type });
        await writeAudit(trx, actor, {
          action: 'member.type',
          target: `member:${id}`,
          before: { type: m.type },
          after: { type },
        });
        return { type, changed: true };
      });
    },
  };
}
export type PlayerRecords = ReturnType<typeof playerRecords>;
