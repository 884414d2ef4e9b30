import { TRIAL_CREDIT, TRIAL_TYPE } from '@portal/contracts/limits.ts';
import type { Balance } from '@portal/contracts/wallet/wallet.contract.ts';
import type { LedgerService } from './ledger.service.ts';

/** The site's money: KRW shown with 2 decimals (spec §9); the trial currency shown the same way. */
export const SITE_MONEY = { currency: 'KRW', symbol: '₩', decimals: 2 } as const;

/**
 * @param transferVendorIds the transfer-mode vendors that are live or under maintenance (the games
 *   domain's vendor repository), in the catalogue's order
 */
export function walletService(ledger: LedgerService, transferVendorIds: () => Promise<string[]>) {
  return {
    async balance(member: { memberId: string; type: number }): Promise<Balance> {
      const isTrial = member.type === TRIAL_TYPE;
      const currency = isTrial ? TRIAL_CREDIT.currency : SITE_MONEY.currency;
      const amount = await ledger.balance({
        kind: isTrial ? 'MEMBER_TRIAL' : 'MEMBER_MAIN',
        memberId: member.memberId,
        currency,
      });
      return {
        balance: amount.toString(),
        currency,
        currencySymbol: isTrial ? 'T' : SITE_MONEY.symbol,
        decimals: SITE_MONEY.decimals,
        isTrial,
      };
    },

    /**
     * Single wallet unless an enabled vendor keeps its own wallet per member (transfer mode). One under
     * maintenance counts: players may still hold money there and must see it on the transfer page.
     */
    async merchantWallet(): Promise<{ isSingle: boolean; transferVendors: string[] }> {
      const ids = await transferVendorIds();
      return { isSingle: ids.length === 0, transferVendors: ids };
    },

    /** Play money for a new trial account, once per account. */
    async grantTrialCredit(memberId: string): Promise<void> {
      await ledger.transfer({
        idempotencyKey: `trial-credit:${memberId}`,
        kind: 'TRIAL_CREDIT',
        from: { kind: 'TRIAL_ISSUER', currency: TRIAL_CREDIT.currency },
        to: { kind: 'MEMBER_TRIAL', memberId, currency: TRIAL_CREDIT.currency },
        amount: TRIAL_CREDIT.amountMinor,
      });
    },
  };
}
export type WalletService = ReturnType<typeof walletService>;
