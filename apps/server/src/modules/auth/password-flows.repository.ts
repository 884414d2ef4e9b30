import { sql } from 'kysely';
import { type Db, unitOfWork, type UnitOfWork } from '../../db/client.ts';
import type { RecoveryRequestTable } from '../../db/schema.ts';

/** Queries of the password flows only: the service holds the rules and the transactions. */
export function passwordFlowsRepository(db: Db) {
  return {
    /** Serializes the count-then-insert of one recovery key (transaction-scoped). */
    async lockRecoveryKey(kind: RecoveryRequestTable['kind'], key: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`recovery:${kind}:${key}`}, 0))`.execute(db);
    },
    async countRecoveryRequests(kind: RecoveryRequestTable['kind'], key: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('recoveryRequest')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('kind', '=', kind)
        .where('key', '=', key)
        .where('createdAt', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Records a request and drops the key's rows that have left the window. */
    async insertRecoveryRequest(kind: RecoveryRequestTable['kind'], key: string, at: Date, since: Date): Promise<void> {
      await db
        .deleteFrom('recoveryRequest')
        .where('kind', '=', kind)
        .where('key', '=', key)
        .where('createdAt', '<=', since)
        .execute();
      await db.insertInto('recoveryRequest').values({ kind, key, createdAt: at }).execute();
    },

    /** `+82 1012345678` (see `phoneRecipient`) → the member registered with that number, if any. */
    findByPhoneRecipient(recipient: string) {
      const m = /^\+(\d+) (\d+)$/.exec(recipient);
      if (!m) return Promise.resolve(undefined);
      return db
        .selectFrom('member')
        .selectAll()
        .where('mobileDialingCode', '=', m[1]!)
        .where('mobileNum', '=', m[2]!)
        .executeTakeFirst();
    },

    /**
     * Sets the hash; with `expectedHash`, only if the stored hash is still that one, so two changes
     * racing from the same old password cannot both win. Returns whether the row changed.
     */
    async setPasswordHash(memberId: string, hash: string, at: Date, expectedHash?: string): Promise<boolean> {
      let q = db.updateTable('member').set({ passwordHash: hash, passwordChangedAt: at }).where('id', '=', memberId);
      if (expectedHash !== undefined) q = q.where('passwordHash', '=', expectedHash);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async retireOpenResetTokens(memberId: string, at: Date): Promise<void> {
      await db
        .updateTable('passwordResetToken')
        .set({ usedAt: at })
        .where('memberId', '=', memberId)
        .where('usedAt', 'is', null)
        .execute();
    },

    async insertResetToken(row: { memberId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
      await db.insertInto('passwordResetToken').values(row).execute();
    },

    /** Marks the token used and returns its member, in one statement: of two racing uses only one gets a row. */
    async consumeResetToken(tokenHash: string, at: Date): Promise<string | undefined> {
      const row = await db
        .updateTable('passwordResetToken')
        .set({ usedAt: at })
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', at)
        .returning('memberId')
        .executeTakeFirst();
      return row?.memberId;
    },
  };
}
export type PasswordFlowsRepository = ReturnType<typeof passwordFlowsRepository>;

/** The password flows' repository on the database, and its unit of work (the repository on a transaction). */
export interface PasswordFlowsStore {
  repo: PasswordFlowsRepository;
  transaction: UnitOfWork<PasswordFlowsRepository>;
}
export const passwordFlowsStore = (db: Db): PasswordFlowsStore => ({
  repo: passwordFlowsRepository(db),
  transaction: unitOfWork(db, passwordFlowsRepository),
});
