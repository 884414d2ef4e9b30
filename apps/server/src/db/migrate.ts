import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as m0001 from './migrations/0001-foundation.ts';
import * as m0002 from './migrations/0002-accounts.ts';
import * as m0003 from './migrations/0003-messaging.ts';
import * as m0004 from './migrations/0004-password-reset.ts';
import * as m0005 from './migrations/0005-login-challenge.ts';
import * as m0006 from './migrations/0006-ledger.ts';
import * as m0007 from './migrations/0007-cashier.ts';
import * as m0008 from './migrations/0008-balance-notify.ts';
import * as m0009 from './migrations/0009-job-queue.ts';
import * as m0010 from './migrations/0010-vendors.ts';
import * as m0010a from './migrations/0010a-vault-vendor.ts';
import * as m0011 from './migrations/0011-new-ip-bank-name.ts';
import * as m0012 from './migrations/0012-games.ts';
import * as m0013 from './migrations/0013-house-vendor.ts';
import * as m0014 from './migrations/0014-receiving-account.ts';
import * as m0015 from './migrations/0015-ledger-apply-transfer.ts';
import * as m0016 from './migrations/0016-session-password-change.ts';
import * as m0017 from './migrations/0017-outbox-retry-and-recovery-cap.ts';
import * as m0018 from './migrations/0018-register-channel.ts';
import * as m0019 from './migrations/0019-cashier-counters-notify.ts';
import * as m0020 from './migrations/0020-vault-play.ts';
import * as m0030 from './migrations/0030-catalogue-version.ts';
import * as m0031 from './migrations/0031-catalogue-counts-and-search.ts';
import * as m0032 from './migrations/0032-banner-art-direction.ts';
import * as m0033 from './migrations/0033-catalogue-counts-follow-switches.ts';
import * as m0036 from './migrations/0036-risk-screens.ts';
import * as m0040 from './migrations/0040-backoffice-staff.ts';
import * as m0041 from './migrations/0041-backoffice-players.ts';
import * as m0042 from './migrations/0042-content-console.ts';
import * as m0043 from './migrations/0043-member-game-day-flow.ts';
import * as m0045 from './migrations/0045-backoffice-member-tools.ts';
import * as m0046 from './migrations/0046-backoffice-games.ts';
import * as m0047 from './migrations/0047-ledger-recorded-at.ts';
import * as m0048 from './migrations/0048-contract-switch-and-moves.ts';
import * as m0049 from './migrations/0049-member-slot-flow.ts';
import * as m0050 from './migrations/0050-member-tree.ts';
import * as m0051 from './migrations/0051-member-day-flow.ts';
import * as m0052 from './migrations/0052-agent-accounts.ts';
import * as m0053 from './migrations/0053-agent-report-speed.ts';
import * as m0054 from './migrations/0054-agent-day-flow.ts';
import * as m0055 from './migrations/0055-agent-day-active.ts';
import * as m0058 from './migrations/0058-clearing-shards-and-money-call.ts';
import * as m0060 from './migrations/0060-contracts.ts';
import * as m0070 from './migrations/0070-rewards.ts';
import * as m0071 from './migrations/0071-rebate.ts';
import * as m0072 from './migrations/0072-points-mall.ts';
import * as m0073 from './migrations/0073-missions.ts';
import * as m0074 from './migrations/0074-bonus-grants.ts';
import * as m0075 from './migrations/0075-rewards-live-notify.ts';
import * as m0076 from './migrations/0076-player-referrals.ts';
import * as m0080 from './migrations/0080-inbox.ts';
import * as m0081 from './migrations/0081-uploads-and-feedback.ts';
import * as m0082 from './migrations/0082-contract-ended-messages.ts';
import * as m0083 from './migrations/0083-chat-room.ts';
import * as m0086 from './migrations/0086-live-support.ts';
import * as m0090 from './migrations/0090-lottery-vendor.ts';
import * as m0091 from './migrations/0091-lottery-limits-and-cancellation.ts';
import * as m0092 from './migrations/0092-lottery-daily-draws.ts';
import * as m0094 from './migrations/0094-lottery-ticket-history.ts';
import * as m0100 from './migrations/0100-sportsbook-vendor.ts';
import * as m0101 from './migrations/0101-sportsbook-cash-out.ts';
import * as m0103 from './migrations/0103-sportsbook-operator.ts';
import * as m0104 from './migrations/0104-sportsbook-settlement-indexes.ts';
import * as m0105 from './migrations/0105-seamless-zero-call.ts';
import * as m0106 from './migrations/0106-lottery-open-tickets-by-id.ts';
import * as m0107 from './migrations/0107-member-accounts-by-member.ts';
import * as m0108 from './migrations/0108-balance-events-without-notify.ts';
import * as m0109 from './migrations/0109-game-flows-folded.ts';

/** Migrations in order; names sort in the order they must run. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-accounts': m0002,
  '0003-messaging': m0003,
  '0004-password-reset': m0004,
  '0005-login-challenge': m0005,
  '0006-ledger': m0006,
  '0007-cashier': m0007,
  '0008-balance-notify': m0008,
  '0009-job-queue': m0009,
  '0010-vendors': m0010,
  '0010a-vault-vendor': m0010a,
  '0011-new-ip-bank-name': m0011,
  '0012-games': m0012,
  '0013-house-vendor': m0013,
  '0014-receiving-account': m0014,
  '0015-ledger-apply-transfer': m0015,
  '0016-session-password-change': m0016,
  '0017-outbox-retry-and-recovery-cap': m0017,
  '0018-register-channel': m0018,
  '0019-cashier-counters-notify': m0019,
  '0020-vault-play': m0020,
  '0030-catalogue-version': m0030,
  '0031-catalogue-counts-and-search': m0031,
  '0032-banner-art-direction': m0032,
  '0033-catalogue-counts-follow-switches': m0033,
  '0036-risk-screens': m0036,
  '0040-backoffice-staff': m0040,
  '0041-backoffice-players': m0041,
  '0042-content-console': m0042,
  '0043-member-game-day-flow': m0043,
  '0045-backoffice-member-tools': m0045,
  '0046-backoffice-games': m0046,
  '0047-ledger-recorded-at': m0047,
  '0048-contract-switch-and-moves': m0048,
  '0049-member-slot-flow': m0049,
  '0050-member-tree': m0050,
  '0051-member-day-flow': m0051,
  '0052-agent-accounts': m0052,
  '0053-agent-report-speed': m0053,
  '0054-agent-day-flow': m0054,
  '0055-agent-day-active': m0055,
  '0058-clearing-shards-and-money-call': m0058,
  '0060-contracts': m0060,
  '0070-rewards': m0070,
  '0071-rebate': m0071,
  '0072-points-mall': m0072,
  '0073-missions': m0073,
  '0074-bonus-grants': m0074,
  '0075-rewards-live-notify': m0075,
  '0076-player-referrals': m0076,
  '0080-inbox': m0080,
  '0081-uploads-and-feedback': m0081,
  '0082-contract-ended-messages': m0082,
  '0083-chat-room': m0083,
  '0086-live-support': m0086,
  '0090-lottery-vendor': m0090,
  '0091-lottery-limits-and-cancellation': m0091,
  '0092-lottery-daily-draws': m0092,
  '0094-lottery-ticket-history': m0094,
  '0100-sportsbook-vendor': m0100,
  '0101-sportsbook-cash-out': m0101,
  '0103-sportsbook-operator': m0103,
  '0104-sportsbook-settlement-indexes': m0104,
  '0105-seamless-zero-call': m0105,
  '0106-lottery-open-tickets-by-id': m0106,
  '0107-member-accounts-by-member': m0107,
  '0108-balance-events-without-notify': m0108,
  '0109-game-flows-folded': m0109,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Work lands from parallel branches: a migration numbered below one already applied still runs.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '?'} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Up to and including `name` only (a bench fills the tables as they were before a migration, so that
 * the migration's own backfill builds what it adds).
 */
export async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

export async function migrateDown(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  for (;;) {
    const { error, results } = await migrator.migrateDown();
    if (error) throw error;
    if (!results || results.length === 0) return;
  }
}
