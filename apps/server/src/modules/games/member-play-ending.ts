import type { Executor } from '../../db/client.ts';
import type { SeamlessRepository } from './seamless.repository.ts';
import { isTransferAdapter, type VendorAdapter } from './vendor-adapter.ts';
import type { VendorTransferRepository } from './vendor-transfer.repository.ts';

/**
 * What ends when every session of a member is revoked (password set, sign-out everywhere): their game
 * sessions. The operator's game session tokens end in the same transaction as the member sessions, so
 * a vendor holding one can take no further bet; vendors that keep sessions of their own (the house
 * vendor's game page, Vault's tables) are then asked to end them too.
 */
export function memberPlayEnding(
  repos: { seamless: SeamlessRepository; transfers: VendorTransferRepository },
  vendors: VendorAdapter[],
  warn: (message: string, detail: unknown) => void = (message, detail) => console.warn(message, detail),
) {
  return {
    /** In the caller's transaction, beside the member sessions' revocation. */
    async inTransaction(trx: Executor, memberId: string, at: Date): Promise<void> {
      await repos.seamless.endMemberSessions(memberId, at, trx);
    },

    /** After the commit: each vendor that can end its own sessions is asked to; one that fails is logged. */
    async atVendors(memberId: string): Promise<void> {
      for (const vendor of vendors) {
        if (!vendor.endPlayerSessions) continue;
        const playerId = isTransferAdapter(vendor)
          ? await repos.transfers.playerId(vendor.vendorId, memberId)
          : memberId;
        if (!playerId) continue;
        await vendor.endPlayerSessions(playerId).catch((err: unknown) => {
          // Its sessions then run out on their own; the operator's game tokens have ended already.
          warn(`vendor ${vendor.vendorId} did not end the player sessions`, err);
        });
      }
    },
  };
}
export type MemberPlayEnding = ReturnType<typeof memberPlayEnding>;
