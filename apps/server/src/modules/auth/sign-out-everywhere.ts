import type { Executor, InTransaction } from '../../db/client.ts';
import type { SessionRepository } from './session.repository.ts';

/** The games side of a member's sessions ending (`modules/games/member-play-ending.ts`). */
export interface GamePlayEnding {
  inTransaction(trx: Executor, memberId: string, at: Date): Promise<void>;
  atVendors(memberId: string): Promise<void>;
}

/**
 * Every session of a member ends at once: their sign-in sessions and their game sessions (house and
 * Vault included), so a token taken before a password change or a "sign out everywhere" neither
 * calls the API nor bets. One place for both callers: the password flows and `logoutAll`.
 */
export function signOutEverywhere(
  d: { transaction: InTransaction; sessions: SessionRepository },
  games: GamePlayEnding | undefined,
  now: () => Date = () => new Date(),
) {
  async function inTransaction(trx: Executor, memberId: string, at: Date): Promise<number> {
    const revoked = await d.sessions.revokeAllOf(trx, memberId, at);
    await games?.inTransaction(trx, memberId, at);
    return revoked;
  }
  /** After the commit: vendors that keep sessions of their own are asked to end them. */
  const afterCommit = async (memberId: string): Promise<void> => games?.atVendors(memberId);

  return {
    inTransaction,
    afterCommit,
    /** Both steps, for a caller without a transaction of its own. Answers how many sessions ended. */
    async now(memberId: string): Promise<number> {
      const at = now();
      const revoked = await d.transaction((trx) => inTransaction(trx, memberId, at));
      await afterCommit(memberId);
      return revoked;
    },
  };
}
export type SignOutEverywhere = ReturnType<typeof signOutEverywhere>;
