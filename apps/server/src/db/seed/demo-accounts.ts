import { PLAYER_TYPE } from '@portal/contracts/auth/auth.contract.ts';
import type { Db } from '../client.ts';
import { hashPassword, verifyPassword } from '../../modules/auth/password.ts';
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
  const agentRow = { ...DEMO_ACCOUNTS[1] };
  const agent = await db
    .insertInto('member')
    .values({
      account: agentRow.account,
      type: agentRow.type,
      nickname: agentRow.nickname,
      affiliateCode: agentRow.affiliateCode,
      passwordHash: await hashPassword(agentRow.password),
      firstLogin: false,
      uplineId: null,
      email: null,
      mobileDialingCode: null,
      mobileNum: null,
      paymentPasswordHash: await hashPassword(DEMO_AGENT_PAYMENT_PASSWORD),
      referralCode: null,
      registerUrl: null,
      registerMethod: 'SEED',
      domain: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // An agent still on the default password: the agent login's forced change.
  const newAgent = DEMO_ACCOUNTS[3];
  await db
    .insertInto('member')
    .values({
      account: newAgent.account,
      type: newAgent.type,
      nickname: newAgent.nickname,
      affiliateCode: null,
      passwordHash: await hashPassword(newAgent.password),
      uplineId: null,
      email: null,
      mobileDialingCode: null,
      mobileNum: null,
      paymentPasswordHash: null,
      referralCode: null,
      registerUrl: null,
      registerMethod: 'SEED',
      domain: null,
    })
    .execute();
  for (const a of [DEMO_ACCOUNTS[0], DEMO_ACCOUNTS[2]]) {
    await db
      .insertInto('member')
      .values({
        account: a.account,
        type: a.type,
        nickname: a.nickname,
        passwordHash: await hashPassword(a.password),
        uplineId: agent.id,
        affiliateCode: null,
        email: null,
        mobileDialingCode: a.account === 'demo01' ? '82' : null,
        mobileNum: a.account === 'demo01' ? '1012345678' : null,
        paymentPasswordHash: null,
        referralCode: null,
        registerUrl: null,
        registerMethod: 'SEED',
        domain: null,
      })
      .execute();
  }
  // subagent01 below agent01, player11 and player12 below subagent01.
  let upline = agent.id;
  for (const a of [DEMO_ACCOUNTS[4], DEMO_ACCOUNTS[5], DEMO_ACCOUNTS[6]]) {
    const row = await db
      .insertInto('member')
      .values({
        account: a.account,
        type: a.type,
        nickname: a.nickname,
        passwordHash: await hashPassword(a.password),
        firstLogin: false,
        uplineId: upline,
        affiliateCode: null,
        email: null,
        mobileDialingCode: null,
        mobileNum: null,
        paymentPasswordHash: null,
        referralCode: null,
        registerUrl: null,
        registerMethod: 'SEED',
        domain: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (a.type !== PLAYER_TYPE) upline = row.id;
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
