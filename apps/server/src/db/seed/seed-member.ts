import { PLAYER_TYPE } from '@portal/contracts/auth/auth.contract.ts';
import type { Insertable } from 'kysely';
import { NO_MEMBER_DETAILS } from '../../modules/auth/member.repository.ts';
import { hashPassword } from '../../modules/auth/password.ts';
import type { Db } from '../client.ts';
import type { MemberTable } from '../schema.ts';

export type SeedMember = Partial<Insertable<MemberTable>> & {
  account: string;
  /** The sign-in password, hashed here; without it nobody can sign in with a password. */
  password?: string;
};

/**
 * Writes a member directly, as the demo seed and the tests that are not about registering do: a
 * player with no upline, contact or payment password unless the values say otherwise.
 */
export async function insertSeedMember(db: Db, { password, ...values }: SeedMember): Promise<string> {
  const row = await db
    .insertInto('member')
    .values({
      type: PLAYER_TYPE,
      passwordHash: password ? await hashPassword(password) : 'not-used',
      ...NO_MEMBER_DETAILS,
      registerMethod: 'SEED',
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
