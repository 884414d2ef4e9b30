import type { ColumnType, Generated, Kysely } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Vault Gaming's own tables (migrations 0010a and 0020), beside the operator's and out of its reach. */
export interface VaultWalletTable {
  playerId: string;
  currency: string;
  balance: ColumnType<string, string | undefined, string>;
  createdAt: CreatedAt;
}
export interface VaultTransferTable {
  reference: string;
  playerId: string;
  direction: 'IN' | 'OUT' | 'UNKNOWN';
  amount: ColumnType<string, string, never>;
  currency: string;
  status: 'SUCCESS' | 'FAILED';
  createdAt: CreatedAt;
}
/** Vault Gaming's play sessions and rounds (migration 0020-vault-play). */
export interface VaultSessionTable {
  tokenHash: string;
  playerId: string;
  currency: string;
  gameCode: string;
  expiresAt: Date;
  createdAt: CreatedAt;
}
export interface VaultRoundTable {
  id: Generated<string>;
  playerId: string;
  currency: string;
  gameCode: string;
  requestId: string;
  bet: ColumnType<string, string, never>;
  payout: ColumnType<string, string, never>;
  balanceAfter: ColumnType<string, string, never>;
  outcome: ColumnType<unknown, string, never>;
  createdAt: CreatedAt;
}

export interface VaultDatabase {
  vaultWallet: VaultWalletTable;
  vaultTransfer: VaultTransferTable;
  vaultSession: VaultSessionTable;
  vaultRound: VaultRoundTable;
}
export type VaultDb = Kysely<VaultDatabase>;
