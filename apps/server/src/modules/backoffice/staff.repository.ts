import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import { type Db, type Executor, inTransaction } from '../../db/client.ts';
import type { StaffSessionTable, StaffUserTable } from '../../db/schema.ts';

/**
 * Staff users and their back-office sessions (`staff_user`, `staff_session`). Methods taking `trx`
 * run in the caller's transaction (opened with `transaction`), so what they write commits with the
 * audit row beside it.
 */
export function staffRepository(db: Db) {
  return {
    transaction: inTransaction(db),

    /** Serialises the first-owner command until the transaction ends: one first owner even when two race. */
    lockFirstOwner: async (trx: Executor): Promise<void> => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('staff_first_owner'))`.execute(trx);
    },

    ownerExists: async (trx: Executor): Promise<boolean> =>
      (await trx.selectFrom('staffUser').select('id').where('role', '=', 'owner').executeTakeFirst()) !== undefined,

    usernameTaken: async (trx: Executor, username: string): Promise<boolean> =>
      (await trx.selectFrom('staffUser').select('id').where('username', '=', username).executeTakeFirst()) !==
      undefined,

    insertUser: (trx: Executor, row: Insertable<StaffUserTable>) =>
      trx.insertInto('staffUser').values(row).returningAll().executeTakeFirstOrThrow(),

    /** Serialises changes that could leave the site without an active owner, until the transaction ends. */
    lockOwners: async (trx: Executor): Promise<void> => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('staff_owners'))`.execute(trx);
    },

    activeOwnerCount: async (trx: Executor): Promise<number> =>
      Number(
        (
          await trx
            .selectFrom('staffUser')
            .select(sql<string>`count(*)`.as('n'))
            .where('role', '=', 'owner')
            .where('status', '=', 'ACTIVE')
            .executeTakeFirstOrThrow()
        ).n,
      ),

    userById: (trx: Executor, staffId: string) =>
      trx.selectFrom('staffUser').selectAll().where('id', '=', staffId).executeTakeFirst(),

    setStatusAndRole: (
      trx: Executor,
      staffId: string,
      change: { status: 'ACTIVE' | 'DISABLED'; role: StaffUserTable['role'] },
    ) => trx.updateTable('staffUser').set(change).where('id', '=', staffId).returningAll().executeTakeFirstOrThrow(),

    /** Ends every session of a staff user that is not ended yet; how many it ended. */
    revokeSessionsOf: async (trx: Executor, staffId: string, at: Date): Promise<number> =>
      Number(
        (
          await trx
            .updateTable('staffSession')
            .set({ revokedAt: at })
            .where('staffId', '=', staffId)
            .where('revokedAt', 'is', null)
            .executeTakeFirst()
        ).numUpdatedRows,
      ),

    /** Every staff user, oldest first. */
    listUsers: () => db.selectFrom('staffUser').selectAll().orderBy('id').execute(),

    userByName: (username: string) =>
      db.selectFrom('staffUser').selectAll().where('username', '=', username).executeTakeFirst(),

    /** Replaces the TOTP secret offered for enrolment. */
    setTotpSecret: (staffId: string, secret: string) =>
      db.updateTable('staffUser').set({ totpSecret: secret }).where('id', '=', staffId).execute(),

    /** Turns the second factor on with the step of the code that confirmed it and the recovery codes' hashes. */
    enableTotp: (trx: Executor, staffId: string, step: number, recoveryCodeHashes: string[]) =>
      trx
        .updateTable('staffUser')
        .set({ totpEnabled: true, totpLastStep: String(step), recoveryCodeHashes })
        .where('id', '=', staffId)
        .execute(),

    /** Takes a TOTP step if it is newer than the last one taken (under the row lock); false when it is not. */
    takeTotpStep: async (trx: Executor, staffId: string, step: number): Promise<boolean> => {
      const used = await trx
        .updateTable('staffUser')
        .set({ totpLastStep: String(step) })
        .where('id', '=', staffId)
        .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', String(step))]))
        .executeTakeFirst();
      return Number(used.numUpdatedRows) > 0;
    },

    /** Spends a recovery code's hash; false when another sign-in spent it first. */
    spendRecoveryCode: async (trx: Executor, staffId: string, hash: string): Promise<boolean> => {
      const spent = await trx
        .updateTable('staffUser')
        .set({ recoveryCodeHashes: sql`array_remove(recovery_code_hashes, ${hash})` })
        .where('id', '=', staffId)
        .where(sql<boolean>`${hash} = ANY(recovery_code_hashes)`)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) > 0;
    },

    recordLogin: (trx: Executor, staffId: string, at: Date, ip: string) =>
      trx.updateTable('staffUser').set({ lastLoginAt: at, lastLoginIp: ip }).where('id', '=', staffId).execute(),

    insertSession: (row: Insertable<StaffSessionTable>) => db.insertInto('staffSession').values(row).execute(),

    /** The session of a token hash with its staff user; undefined when unknown. */
    sessionByTokenHash: (tokenHash: string) =>
      db
        .selectFrom('staffSession as s')
        .innerJoin('staffUser as u', 'u.id', 's.staffId')
        .select([
          's.id as sessionId',
          's.stage',
          's.csrfToken',
          's.lastSeenAt',
          's.expiresAt',
          's.revokedAt',
          's.failedCodes',
          'u.id as staffId',
          'u.username',
          'u.displayName',
          'u.role',
          'u.status',
          'u.totpSecret',
          'u.totpEnabled',
          'u.totpLastStep',
          'u.recoveryCodeHashes',
        ])
        .where('s.tokenHash', '=', tokenHash)
        .executeTakeFirst(),

    /** The second factor is given: the session takes its new token hash and CSRF token and is signed in. */
    signInSession: (trx: Executor, sessionId: string, s: { tokenHash: string; csrfToken: string; at: Date }) =>
      trx
        .updateTable('staffSession')
        .set({ tokenHash: s.tokenHash, csrfToken: s.csrfToken, stage: 'SIGNED_IN', lastSeenAt: s.at, failedCodes: 0 })
        .where('id', '=', sessionId)
        .execute(),

    /** Counts a wrong second-factor code; the count after it. */
    countWrongCode: async (sessionId: string): Promise<number> =>
      (
        await db
          .updateTable('staffSession')
          .set({ failedCodes: sql`failed_codes + 1` })
          .where('id', '=', sessionId)
          .returning('failedCodes')
          .executeTakeFirstOrThrow()
      ).failedCodes,

    /** Records the session's use at `at` (its idle clock). */
    touchSession: (sessionId: string, at: Date) =>
      db.updateTable('staffSession').set({ lastSeenAt: at }).where('id', '=', sessionId).execute(),

    revokeSession: (sessionId: string, at: Date) =>
      db.updateTable('staffSession').set({ revokedAt: at }).where('id', '=', sessionId).execute(),

    /** Ends the live session of a token hash; false when there was none. */
    revokeByTokenHash: async (tokenHash: string, at: Date): Promise<boolean> => {
      const r = await db
        .updateTable('staffSession')
        .set({ revokedAt: at })
        .where('tokenHash', '=', tokenHash)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}
export type StaffRepository = ReturnType<typeof staffRepository>;
