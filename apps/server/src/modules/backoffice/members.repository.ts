import { sql, type Updateable } from 'kysely';
import { type Db, type Executor, inTransaction } from '../../db/client.ts';
import type { MemberTable } from '../../db/schema.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

/** One game round as the seamless wallet recorded it: every bet, win and rollback with its round id. */
interface RoundRow {
  vendorId: string;
  vendorName: string | null;
  roundId: string | null;
  memberId: string | null;
  memberAccount: string | null;
  bet: string;
  win: string;
  rolledBack: string;
  transactions: number;
  startedAt: Date | string;
  lastAt: Date | string;
}
const like = (q: string) => `%${q.replace(/[%_\\]/g, '\\$&')}%`;

/** What the back office may change on a member row, each with its own tool (lock, forced change, type…). */
type MemberChange = Pick<Updateable<MemberTable>, 'status' | 'type' | 'passwordChangeForcedAt'> & {
  paymentPasswordHash?: null;
};

const toRound = (r: RoundRow) => ({
  vendorId: r.vendorId,
  vendorName: r.vendorName ?? r.vendorId,
  roundId: r.roundId ?? '',
  memberId: r.memberId === null ? null : String(r.memberId),
  memberAccount: r.memberAccount,
  bet: String(r.bet),
  win: String(r.win),
  rolledBack: String(r.rolledBack),
  transactions: Number(r.transactions),
  startedAt: iso(r.startedAt),
  lastAt: iso(r.lastAt),
});

/**
 * The back office's queries of members: search and profile, the member's records (upline chain, bank
 * accounts, addresses, notes, rounds, sign-ins), and the staff tools' changes. The tools run their
 * unit of work with `transaction` and pass the `trx` they get as the first argument.
 */
export function boMembersRepository(db: Db) {
  const roundsOf = (ex: Executor) =>
    ex
      .selectFrom('seamlessTransaction as s')
      .leftJoin('member as m', 'm.id', 's.memberId')
      .select([
        's.vendorId',
        sql<string | null>`(SELECT v.name FROM vendor v WHERE v.id = s.vendor_id)`.as('vendorName'),
        's.roundId',
        's.memberId',
        'm.account as memberAccount',
        sql<string>`coalesce(sum(s.amount) FILTER (WHERE s.action = 'BET'), 0)`.as('bet'),
        sql<string>`coalesce(sum(s.amount) FILTER (WHERE s.action = 'WIN'), 0)`.as('win'),
        sql<string>`coalesce(sum(s.amount) FILTER (WHERE s.action = 'ROLLBACK'), 0)`.as('rolledBack'),
        sql<number>`count(*)::int`.as('transactions'),
        sql<Date>`min(s.created_at)`.as('startedAt'),
        sql<Date>`max(s.created_at)`.as('lastAt'),
      ])
      .where('s.roundId', 'is not', null)
      .groupBy(['s.vendorId', 's.roundId', 's.memberId', 'm.account']);

  return {
    transaction: inTransaction(db),

    /**
     * Members whose account, e-mail, nickname or mobile number contains `q`, or who signed in from the
     * address `q` (last sign-in or any session), the newest first.
     */
    async search(q: { q?: string | undefined; limit: number; offset: number }) {
      let query = db.selectFrom('member');
      if (q.q) {
        const term = q.q;
        query = query.where((eb) =>
          eb.or([
            eb('account', 'ilike', like(term)),
            eb('email', 'ilike', like(term)),
            eb('nickname', 'ilike', like(term)),
            eb('mobileNum', 'like', like(term.replace(/\D/g, '') || term)),
            eb('lastLoginIp', '=', term),
            eb.exists(
              eb
                .selectFrom('memberSession as s')
                .select('s.id')
                .whereRef('s.memberId', '=', 'member.id')
                .where('s.ip', '=', term),
            ),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute(),
        query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** The member's row, if there is one. */
    byId: (id: string) => db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The member's row, locked (FOR UPDATE) until the transaction ends: staff changes of one member queue up. */
    lock: (trx: Executor, id: string) =>
      trx.selectFrom('member').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    /** One of the staff tools' changes to the member row. */
    async update(trx: Executor, id: string, change: MemberChange): Promise<void> {
      await trx.updateTable('member').set(change).where('id', '=', id).execute();
    },

    /** The member's ledger accounts (main, trial credit, vendor wallets), a game wallet with its vendor's name. */
    wallets: (memberId: string) =>
      db
        .selectFrom('ledgerAccount as a')
        .leftJoin('vendor as v', 'v.id', 'a.vendorId')
        .select(['a.id', 'a.kind', 'a.vendorId', 'v.name as vendorName', 'a.currency', 'a.balance'])
        .where('a.memberId', '=', memberId)
        .orderBy('a.kind')
        .orderBy('a.vendorId')
        .execute(),

    /** The member's latest sign-in sessions. */
    recentSessions: (memberId: string, limit: number) =>
      db
        .selectFrom('memberSession')
        .selectAll()
        .where('memberId', '=', memberId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** The latest transfers in or out of the member's main wallet, with the wallet's account id. */
    recentMainTransfers: (memberId: string, limit: number) =>
      db
        .selectFrom('ledgerTransfer as t')
        .innerJoin('ledgerAccount as a', (j) =>
          j.on((eb) => eb.or([eb('a.id', '=', eb.ref('t.fromAccountId')), eb('a.id', '=', eb.ref('t.toAccountId'))])),
        )
        .select(['t.id', 't.kind', 't.amount', 't.createdAt', 't.toAccountId', 'a.id as accountId'])
        .where('a.memberId', '=', memberId)
        .where('a.kind', '=', 'MEMBER_MAIN')
        .orderBy('t.id', 'desc')
        .limit(limit)
        .execute(),

    /** The member's uplines, nearest first (the closure table, decision 050). */
    uplines: (memberId: string) =>
      db
        .selectFrom('memberTree as t')
        .innerJoin('member as m', 'm.id', 't.ancestorId')
        .select(['m.id', 'm.account', 'm.type'])
        .where('t.descendantId', '=', memberId)
        .where('t.depth', '>', 0)
        .orderBy('t.depth')
        .execute(),

    /** Who referred the member (refer a friend, decision 075) and how many members it referred. */
    referral: async (memberId: string) => {
      const { rows } = await sql<{ referrerId: string | null; referrerAccount: string | null; referredCount: number }>`
        SELECT m.referred_by::text AS referrer_id, r.account AS referrer_account,
               (SELECT count(*) FROM member f WHERE f.referred_by = m.id)::int AS referred_count
          FROM member m LEFT JOIN member r ON r.id = m.referred_by
         WHERE m.id = ${memberId}`.execute(db);
      return rows[0]!;
    },

    /** How many members have this one as their direct upline (on `trx` inside a transaction). */
    downlineCount: async (memberId: string, trx: Executor = db) =>
      Number(
        (
          await trx
            .selectFrom('member')
            .select(sql<string>`count(*)`.as('n'))
            .where('uplineId', '=', memberId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    bankAccounts: (memberId: string) =>
      db.selectFrom('bankAccount').selectAll().where('memberId', '=', memberId).orderBy('id').execute(),

    knownAddresses: (memberId: string) =>
      db
        .selectFrom('memberKnownIp')
        .select(['ip', 'firstSeenAt'])
        .where('memberId', '=', memberId)
        .orderBy('firstSeenAt', 'desc')
        .limit(100)
        .execute(),

    notes: (memberId: string) =>
      db.selectFrom('memberNote').selectAll().where('memberId', '=', memberId).orderBy('id', 'desc').execute(),

    addNote: (trx: Executor, n: { memberId: string; staffId: string | null; author: string; body: string }) =>
      trx.insertInto('memberNote').values(n).returningAll().executeTakeFirstOrThrow(),

    async sessions(memberId: string, page: { limit: number; offset: number }) {
      const q = db.selectFrom('memberSession').where('memberId', '=', memberId);
      const [rows, count] = await Promise.all([
        q.selectAll().orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
        q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** A member's rounds, the latest first. */
    async rounds(memberId: string, page: { limit: number; offset: number }) {
      const q = roundsOf(db).where('s.memberId', '=', memberId);
      const [rows, count] = await Promise.all([
        q
          .orderBy(sql`max(s.created_at)`, 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        db
          .selectFrom(q.as('r'))
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rounds: rows.map(toRound), total: Number(count.n) };
    },

    /** The rounds a round id names, or the round of a transaction id (any vendor), with each transaction. */
    async lookUpRound(id: string) {
      const viaTransaction = await db
        .selectFrom('seamlessTransaction')
        .select(['vendorId', 'roundId'])
        .where('transactionId', '=', id)
        .where('roundId', 'is not', null)
        .execute();
      const keys = [
        ...viaTransaction.map((r) => ({ vendorId: r.vendorId, roundId: r.roundId! })),
        ...(
          await db.selectFrom('seamlessTransaction').select(['vendorId', 'roundId']).where('roundId', '=', id).execute()
        ).map((r) => ({ vendorId: r.vendorId, roundId: r.roundId! })),
      ];
      const unique = [...new Map(keys.map((k) => [`${k.vendorId}\u0000${k.roundId}`, k])).values()].slice(0, 20);
      if (unique.length === 0 && viaTransaction.length === 0) {
        const lone = await db
          .selectFrom('seamlessTransaction')
          .select('transactionId')
          .where('transactionId', '=', id)
          .executeTakeFirst();
        if (!lone) return { rounds: [], transactions: [] };
      }
      const rounds =
        unique.length === 0
          ? []
          : await roundsOf(db)
              .where((eb) =>
                eb.or(unique.map((k) => eb.and([eb('s.vendorId', '=', k.vendorId), eb('s.roundId', '=', k.roundId)]))),
              )
              .orderBy(sql`min(s.created_at)`, 'desc')
              .execute();
      const transactions = await db
        .selectFrom('seamlessTransaction as s')
        .leftJoin('member as m', 'm.id', 's.memberId')
        .select([
          's.vendorId',
          's.transactionId',
          's.action',
          's.roundId',
          's.referenceId',
          's.amount',
          's.currency',
          's.createdAt',
          'm.account as memberAccount',
        ])
        .where((eb) =>
          eb.or([
            eb('s.transactionId', '=', id),
            ...unique.map((k) => eb.and([eb('s.vendorId', '=', k.vendorId), eb('s.roundId', '=', k.roundId)])),
          ]),
        )
        .orderBy('s.createdAt')
        .limit(500)
        .execute();
      return {
        rounds: rounds.map(toRound),
        transactions: transactions.map((x) => ({
          vendorId: x.vendorId,
          transactionId: x.transactionId,
          action: x.action,
          roundId: x.roundId,
          referenceId: x.referenceId,
          amount: String(x.amount),
          currency: x.currency,
          memberAccount: x.memberAccount,
          createdAt: iso(x.createdAt),
        })),
      };
    },
  };
}
export type BoMembersRepository = ReturnType<typeof boMembersRepository>;
