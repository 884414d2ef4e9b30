import type { AllToMainResultSchema } from '@portal/contracts/wallet/vendor-wallet.contract.ts';
import type { z } from 'zod';
import type { Tone } from './statuses.ts';

type Direction = 'TO_VENDOR' | 'TO_MAIN';
type Outcome = z.infer<typeof AllToMainResultSchema>['outcome'];

/** The main wallet's value in the from / to selectors; a vendor is named by its id. */
export const MAIN_WALLET = 'MAIN';

/** A transfer always has the main wallet on one side and one vendor wallet on the other. */
export interface TransferRoute {
  vendorId: string;
  direction: Direction;
}

export const routeFrom = (r: TransferRoute): string => (r.direction === 'TO_MAIN' ? r.vendorId : MAIN_WALLET);
export const routeTo = (r: TransferRoute): string => (r.direction === 'TO_VENDOR' ? r.vendorId : MAIN_WALLET);

/**
 * The route after the player picks `wallet` for one side. Main on one side puts the vendor on the
 * other; a vendor on one side puts main on the other — never main to main, never vendor to vendor.
 */
export function pickSide(r: TransferRoute, side: 'from' | 'to', wallet: string): TransferRoute {
  if (wallet === MAIN_WALLET) return { vendorId: r.vendorId, direction: side === 'from' ? 'TO_VENDOR' : 'TO_MAIN' };
  return { vendorId: wallet, direction: side === 'from' ? 'TO_MAIN' : 'TO_VENDOR' };
}

export const swapRoute = (r: TransferRoute): TransferRoute => ({
  ...r,
  direction: r.direction === 'TO_VENDOR' ? 'TO_MAIN' : 'TO_VENDOR',
});

/** How one vendor's part of "all back to main" reads: pending is being checked, never done or failed. */
export function allToMainTone(outcome: Outcome): Tone {
  switch (outcome) {
    case 'SUCCESS':
      return 'success';
    case 'PENDING':
    case 'IN_PROGRESS':
      return 'pending';
    case 'FAILED':
      return 'danger';
    case 'UNAVAILABLE':
    case 'MAINTENANCE':
      return 'info';
    case 'SKIPPED':
      return 'muted';
  }
}

/** Minor units that reached the main wallet: only what the vendors confirmed. */
export function returnedTotal(results: readonly { outcome: Outcome; amount: string }[]): string {
  return results
    .filter((r) => r.outcome === 'SUCCESS')
    .reduce((sum, r) => sum + BigInt(r.amount), 0n)
    .toString();
}
