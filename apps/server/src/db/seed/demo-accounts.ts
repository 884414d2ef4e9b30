import { PLAYER_TYPE } from '@portal/contracts/auth/auth.contract.ts';
import type { Db } from '../client.ts';
import { hashPassword, verifyPassword } from '../../modules/auth/password.ts';
import { insertSeedMember, type SeedMember } from './seed-member.ts';
import { settingsRepository } from '../../modules/site/settings.repository.ts';

/** agent01's payment password (transfers to its downline). */
export const DEMO_AGENT_PAYMENT_PASSWORD = 'Agent5678';

/** The demo site's default password (spec §9's {secret}): whoever still has it must change it at login. */
export const DEMO_DEFAULT_PASSWORD = 'Aurora2023';

export const DEMO_ACCOUNTS = [
  { account: 'demo01', password: 'Demo1234', type: PLAYER_TYPE, nickname: 'Lucky Demo' },
  { account: 'agent01', password: 'Agent1234', type: 1, nickname: 'Top Agent', affiliateCode: 'AURORA01' },
  { account: 'newbie01', password: DEMO_DEFAULT_PASSWORD, type: PLAYER_TYPE, nickname: 'Newbie' },
  { account: 'agent02', password: DEMO_DEFAULT_PASSWORD, type: 1, nickname: 'New Agent' },
  // agent01's deeper downline (issue 15): a sub-agent with its own players, to drill down into.
  { account: 'subagent01', password: 'Agent1234', type: 2, nickname: 'Sub Agent' },
  { account: 'player11', password: 'Demo1234', type: PLAYER_TYPE, nickname: 'Team Player' },
  { account: 'player12', password: 'Demo1234', type: PLAYER_TYPE, nickname: null },
] as const;

/** Demo players and agents, loaded when the site has no members yet. */
export async function seedDemoAccounts(db: Db): Promise<boolean> {
  const any = await db.selectFrom('member').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await settingsRepository(db).ensure('password_policy', {
    defaultPassword: DEMO_DEFAULT_PASSWORD,
    expiryEnabled: false,
    expiryDays: 90,
  });
  const insert = (a: (typeof DEMO_ACCOUNTS)[number], uplineId: string | null, more: Partial<SeedMember> = {}) =>
    insertSeedMember(db, {
      account: a.account,
      type: a.type,
      nickname: a.nickname,
      password: a.password,
      uplineId,
      ...more,
    });
  const agent = await insert(DEMO_ACCOUNTS[1], null, {
    affiliateCode: DEMO_ACCOUNTS[1].affiliateCode,
    firstLogin: false,
    paymentPasswordHash: await hashPassword(DEMO_AGENT_PAYMENT_PASSWORD),
  });
  // An agent still on the default password: the agent login's forced change.
  await insert(DEMO_ACCOUNTS[3], null);
  await insert(DEMO_ACCOUNTS[0], agent, { mobileDialingCode: '82', mobileNum: '1012345678' });
  await insert(DEMO_ACCOUNTS[2], agent);
  // subagent01 below agent01, player11 and player12 below subagent01.
  let upline = agent;
  for (const a of [DEMO_ACCOUNTS[4], DEMO_ACCOUNTS[5], DEMO_ACCOUNTS[6]]) {
    const id = await insert(a, upline, { firstLogin: false });
    if (a.type !== PLAYER_TYPE) upline = id;
  }
  return true;
}

/**
 * Demo accounts that still open with their published password (README): a database seeded for a
 * demonstration and then put in production would let anyone in. The production start refuses it.
 */
export async function demoAccountsWithPublicPasswords(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('member')
    .select(['account', 'passwordHash'])
    .where(
      'account',
      'in',
      DEMO_ACCOUNTS.map((a) => a.account),
    )
    .where('status', '=', 'ACTIVE')
    .execute();
  const open: string[] = [];
  for (const demo of DEMO_ACCOUNTS) {
    const row = rows.find((r) => r.account === demo.account);
    if (row && (await verifyPassword(row.passwordHash, demo.password))) open.push(demo.account);
  }
  return open;
}
