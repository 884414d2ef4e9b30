import type { RouteValue } from '@portal/contracts/http.ts';
import { vaultPlay, vaultTable } from '@portal/contracts/games/vault-vendor.contract.ts';
import { getVendorWallets, transferWallet } from '@portal/contracts/wallet/vendor-wallet.contract.ts';
import { call } from '../../../lib/api-client.ts';

export type VaultTableValue = RouteValue<typeof vaultTable>;
export type VaultPlayValue = RouteValue<typeof vaultPlay>;
export type { VaultRound } from '@portal/contracts/games/vault-vendor.contract.ts';

/** Vault Gaming's own calls know the player only by the vendor session; no portal token goes to them. */
export const vaultApi = {
  table: (session: string) => call(vaultTable, { body: { session }, session: false }),
  play: (session: string, body: { requestId: string; bet: string; pick?: number }) =>
    call(vaultPlay, { body: { session, ...body }, session: false }),
};

export const VAULT_VENDOR_ID = 'VAULT';

/** The operator's side: the main wallet, and moving money between it and the Vault wallet. */
export const vaultWalletApi = {
  mainBalance: async () => (await call(getVendorWallets, {})).main,
  move: (direction: 'TO_VENDOR' | 'TO_MAIN', amount: string, requestId: string) =>
    call(transferWallet, { body: { vendorId: VAULT_VENDOR_ID, direction, amount, requestId } }),
};
