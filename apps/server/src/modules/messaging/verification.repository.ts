import { type Insertable, sql } from 'kysely';
import { type Db, unitOfWork, type UnitOfWork } from '../../db/client.ts';
import type { VerificationCodeTable } from '../../db/schema.ts';

/** Queries only: the service holds the rules. */
export function verificationRepository(db: Db) {
  return {
    /**
     * Serializes issuing per recipient until the transaction ends, so two requests in the same
     * instant cannot both pass the resend throttle and the cap.
     */
    async lockRecipient(recipient: string): Promise<void> {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`verification:${recipient}`}, 0))`.execute(db);
    },
    /** The code that counts: a newer code for the same purpose and recipient supersedes older ones. */
    latestFor(purpose: VerificationCodeTable['purpose'], recipient: string) {
      return db
        .selectFrom('verificationCode')
        .selectAll()
        .where('purpose', '=', purpose)
        .where('recipient', '=', recipient)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    async countIssuedSince(recipient: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('verificationCode')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('recipient', '=', recipient)
        .where('createdAt', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async insert(row: Insertable<VerificationCodeTable>): Promise<string> {
      const { id } = await db.insertInto('verificationCode').values(row).returning('id').executeTakeFirstOrThrow();
      return id;
    },
    /** Counts a wrong guess on a code still in play; answers the new count, or undefined if it left play. */
    async recordWrongAttempt(id: string): Promise<number | undefined> {
      const row = await db
        .updateTable('verificationCode')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('consumedAt', 'is', null)
        .where((eb) => eb('attempts', '<', eb.ref('maxAttempts')))
        .returning('attempts')
        .executeTakeFirst();
      return row?.attempts;
    },
    /**
     * Single use under concurrency: the row lock makes a second UPDATE wait for the first and then
     * re-check `consumed_at IS NULL`, so of any number of simultaneous verifies one gets a row back.
     */
    async consume(id: string, at: Date): Promise<boolean> {
      const row = await db
        .updateTable('verificationCode')
        .set({ consumedAt: at })
        .where('id', '=', id)
        .where('consumedAt', 'is', null)
        .where((eb) => eb('attempts', '<', eb.ref('maxAttempts')))
        .where('expiresAt', '>', at)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type VerificationRepository = ReturnType<typeof verificationRepository>;

/** The codes' repository on the database, and its unit of work (the repository on a transaction). */
export interface VerificationStore {
  repo: VerificationRepository;
  transaction: UnitOfWork<VerificationRepository>;
}
export const verificationStore = (db: Db): VerificationStore => ({
  repo: verificationRepository(db),
  transaction: unitOfWork(db, verificationRepository),
});
