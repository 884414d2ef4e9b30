import { TRIAL_TYPE } from '@portal/contracts/limits.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveBotCheck, testIp } from '../../../test/auth-helpers.ts';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { paidIn } from '../../../test/ledger-moves.ts';
import {
  auditTrail,
  startConsole,
  staffGet,
  staffPost,
  staffWithRole,
  type StaffClient,
} from '../../../test/staff-helpers.ts';
import { asOperator, type TestApp } from '../../../test/test-app.ts';
import { newTreeMember } from '../agent/agent.test-helpers.ts';
import { asPlayer, newPlayer, requestId, type TestPlayer } from '../wallet/cashier.test-helpers.ts';

let t: TestApp;
let owner: StaffClient;
let support: StaffClient;
const now = () => new Date();
const PROGRAM = { enabled: true, rewardAmount: '500000', minimumDeposit: '100000', wageringMultiple: 2, validDays: 10 };

beforeAll(async () => {
  ({ t, owner } = await startConsole(now));
  support = await staffWithRole(t, owner, 'support', now, 'referral-support');
  expect((await staffPost(t, owner, '/api/bo/referral/settings', PROGRAM)).statusCode).toBe(200);
});
afterAll(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

const referralOf = async (p: TestPlayer, query = '') => {
  const res = await asPlayer(t, p).get(`/api/rewards/referral${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};

let n = 0;
const register = async (fields: Record<string, unknown>) => {
  const username = `fr${Date.now().toString(36)}${n++}`;
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/auth/register',
    remoteAddress: testIp(),
    payload: {
      username,
      password: 'Secret123',
      confirmPassword: 'Secret123',
      acceptTerms: true,
      bot: await solveBotCheck(t.app),
      ...fields,
    },
  });
  return { res, username };
};
const memberRow = (account: string) =>
  t.database.db
    .selectFrom('member')
    .select(['id', 'type', 'uplineId', 'referredBy', 'referralLinkId'])
    .where('account', '=', account)
    .executeTakeFirstOrThrow();

/** A friend registered with the referrer's code, signed in. */
async function friendOf(referrer: TestPlayer): Promise<TestPlayer> {
  const { inviteCode } = await referralOf(referrer);
  const { res, username } = await register({ referralCode: inviteCode });
  expect(res.statusCode, res.body).toBe(200);
  const row = await memberRow(username);
  return { memberId: row.id, account: username, token: res.json().value.token };
}

/** A bank-transfer deposit the operator confirms `confirms` times at once. */
async function approvedDeposit(p: TestPlayer, amount: string, confirms = 1) {
  const created = await asPlayer(t, p).post('/api/cashier/deposits', {
    methodCode: 'BANK_TRANSFER',
    amount,
    payerName: 'Friend',
    requestId: requestId(),
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().value.id;
  await Promise.all(
    Array.from({ length: confirms }, () =>
      t.app.inject({ method: 'PUT', url: '/api/ops/deposits/confirm', headers: asOperator, payload: { id } }),
    ),
  );
}

const referralBonuses = async (memberId: string) => {
  const { rows } = await sql<{ amount: string; wageringRequired: string; grantRequestId: string }>`
    SELECT amount::text, wagering_required::text, grant_request_id FROM member_bonus
     WHERE member_id = ${memberId} AND grant_request_id LIKE 'referral:%'`.execute(t.database.db);
  return rows;
};

describe('a player’s invitation', () => {
  it('gives a 9-character code that stays the same, and records a friend who registers with it as referred — not below the player', async () => {
    const referrer = await newPlayer(t);
    const first = await referralOf(referrer);
    expect(first.inviteCode).toMatch(/^[A-Z2-9]{9}$/);
    expect((await referralOf(referrer)).inviteCode).toBe(first.inviteCode);
    expect(first).toMatchObject({ total: 0, items: [], program: { ...PROGRAM, currency: 'KRW' } });

    const friend = await friendOf(referrer);
    expect(await memberRow(friend.account)).toMatchObject({
      referredBy: referrer.memberId,
      uplineId: null,
      referralLinkId: null,
    });
    const page = await referralOf(referrer);
    expect(page.totals).toEqual({ friends: 1, firstDeposits: 0, rewardsPaid: '0' });
    expect(page.items).toEqual([
      {
        account: expect.stringMatching(/^fr\*\*\*.$/),
        registeredAt: expect.any(String),
        firstDeposit: false,
        rewardStatus: 'NO_DEPOSIT',
        rewardAmount: null,
      },
    ]);
  });

  it('pages the friends, newest first', async () => {
    const referrer = await newPlayer(t);
    for (let i = 0; i < 3; i++) await friendOf(referrer);
    const one = await referralOf(referrer, '?page=1&pageSize=2');
    const two = await referralOf(referrer, '?page=2&pageSize=2');
    expect([one.items.length, two.items.length, one.total]).toEqual([2, 1, 3]);
    expect(new Date(one.items[0].registeredAt) >= new Date(two.items[0].registeredAt)).toBe(true);
  });

  it('takes a recommender typed into the form by code or account, and refuses one of nobody or oneself with a localized code', async () => {
    const referrer = await newPlayer(t);
    const { inviteCode } = await referralOf(referrer);
    const byCode = await register({ recommenderId: inviteCode.toLowerCase() });
    expect(byCode.res.statusCode, byCode.res.body).toBe(200);
    expect((await memberRow(byCode.username)).referredBy).toBe(referrer.memberId);
    const byAccount = await register({ recommenderId: referrer.account });
    expect((await memberRow(byAccount.username)).referredBy).toBe(referrer.memberId);

    const agent = await newTreeMember(t, null, { type: 1 });
    const before = await t.database.db
      .selectFrom('member')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const nobody = await register({ recommenderId: 'NOSUCHCODE' });
    expect(nobody.res.json()).toMatchObject({ code: 'INVALID_RECOMMENDER', field: 'body.recommenderId' });
    const self = await register({ username: 'selfref01', recommenderId: 'SelfRef01' });
    expect(self.res.json()).toMatchObject({ code: 'SELF_REFERRAL', field: 'body.recommenderId' });
    const anAgent = await register({ recommenderId: agent.account });
    expect(anAgent.res.json().code).toBe('INVALID_RECOMMENDER');
    const after = await t.database.db
      .selectFrom('member')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('ignores a shared link’s code that is nobody’s, keeping it as the link’s tag', async () => {
    const { res, username } = await register({ referralCode: 'CAMPAIGN9' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await memberRow(username)).toMatchObject({ referredBy: null, uplineId: null });
  });

  it('is refused to a trial account, whose code nobody could use', async () => {
    const trial = await newPlayer(t, { type: TRIAL_TYPE });
    expect((await asPlayer(t, trial).get('/api/rewards/referral')).json().code).toBe('TRIAL_NOT_ALLOWED');
  });

  it('leaves an agent’s link as it was: the registration lands below the agent and is no player’s referral', async () => {
    const agent = await newTreeMember(t, null, { type: 1 });
    const link = (await asPlayer(t, agent).post('/api/agent/referral', { kind: 'PLAYER' })).json().value;
    const { res, username } = await register({ referralCode: link.code });
    expect(res.statusCode, res.body).toBe(200);
    expect(await memberRow(username)).toMatchObject({ type: 0, uplineId: agent.memberId, referredBy: null });
    const links = (await asPlayer(t, agent).get('/api/agent/referral')).json().value.links;
    expect(links[0]).toMatchObject({ code: link.code, registrations: 1 });
  });
});

describe('the referral reward', () => {
  it('pays the referrer the bonus once when the friend’s first deposit reaches the minimum, under concurrent approvals and decisions', async () => {
    const referrer = await newPlayer(t);
    const friend = await friendOf(referrer);
    await approvedDeposit(friend, '150000', 5);
    // Every instance hearing the announcement, the sweep and the page may all try at once.
    await Promise.all([
      ...Array.from({ length: 6 }, () => t.services.referral.settleFriend(friend.memberId)),
      ...Array.from({ length: 3 }, () => t.services.referral.settleDue({})),
      referralOf(referrer),
    ]);
    await approvedDeposit(friend, '150000'); // a second deposit earns nothing more
    await t.services.referral.settleDue({});
    expect(await referralBonuses(referrer.memberId)).toEqual([
      { amount: '500000', wageringRequired: '1000000', grantRequestId: `referral:${friend.memberId}` },
    ]);
    const page = await referralOf(referrer);
    expect(page.totals).toEqual({ friends: 1, firstDeposits: 1, rewardsPaid: '500000' });
    expect(page.items[0]).toMatchObject({ firstDeposit: true, rewardStatus: 'PAID', rewardAmount: '500000' });
    const bonuses = (await asPlayer(t, referrer).get('/api/rewards/bonuses')).json().value;
    expect(bonuses.items[0]).toMatchObject({
      amount: '500000',
      status: 'ACTIVE',
      title: expect.stringContaining('fr***'),
    });
    const staffView = (await staffGet(t, owner, `/api/bo/bonuses?memberId=${referrer.memberId}`)).json().value;
    expect(staffView.items[0]).toMatchObject({ source: 'REFERRAL', amount: '500000' });
  });

  it('pays nothing for a first deposit below the minimum, nor for a later one that reaches it', async () => {
    const referrer = await newPlayer(t);
    const friend = await friendOf(referrer);
    await approvedDeposit(friend, '99999');
    await approvedDeposit(friend, '200000');
    const page = await referralOf(referrer);
    expect(page.items[0]).toMatchObject({ firstDeposit: true, rewardStatus: 'BELOW_MINIMUM', rewardAmount: null });
    expect(await referralBonuses(referrer.memberId)).toEqual([]);
  });

  it('counts no trial account: a friend made a trial account before depositing earns nothing', async () => {
    const referrer = await newPlayer(t);
    // A trial account cannot use the cashier, so its first money arrives as a ledger deposit; the
    // reward is decided asynchronously, so the account is a trial one before that money lands.
    for (let i = 0; i < 2; i++) {
      const friend = await friendOf(referrer);
      await t.database.db.updateTable('member').set({ type: TRIAL_TYPE }).where('id', '=', friend.memberId).execute();
      await paidIn(t, friend.memberId, 150_000n);
    }
    const page = await referralOf(referrer);
    const statuses = page.items.map((i: { rewardStatus: string }) => i.rewardStatus).sort();
    expect(statuses).toEqual(['NOT_ELIGIBLE', 'NOT_ELIGIBLE']);
    expect(await referralBonuses(referrer.memberId)).toEqual([]);
  });

  it('pays nothing while the programme is switched off', async () => {
    const referrer = await newPlayer(t);
    const friend = await friendOf(referrer);
    await staffPost(t, owner, '/api/bo/referral/settings', { ...PROGRAM, enabled: false });
    try {
      await approvedDeposit(friend, '150000');
      expect((await referralOf(referrer)).items[0]).toMatchObject({ rewardStatus: 'OFF' });
    } finally {
      await staffPost(t, owner, '/api/bo/referral/settings', PROGRAM);
    }
    expect(await referralBonuses(referrer.memberId)).toEqual([]);
  });
});

describe('the back office', () => {
  it('saves the programme for staff who manage promotions, audited, and refuses others and bad values', async () => {
    const next = { ...PROGRAM, rewardAmount: '700000' };
    expect((await staffPost(t, owner, '/api/bo/referral/settings', next)).json().value).toEqual(next);
    expect((await staffGet(t, support, '/api/bo/referral/settings')).json().value).toEqual(next);
    const refused = await staffPost(t, support, '/api/bo/referral/settings', PROGRAM);
    expect(refused.json().code).toBe('STAFF_FORBIDDEN');
    const trail = await auditTrail(t, 'site_setting:referral_reward');
    expect(trail.at(-1)).toMatchObject({ action: 'referral.settings', after: next });
    const bad = await staffPost(t, owner, '/api/bo/referral/settings', { ...PROGRAM, wageringMultiple: 101 });
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const negative = await staffPost(t, owner, '/api/bo/referral/settings', { ...PROGRAM, rewardAmount: '-5' });
    expect(negative.json().code).toBe('VALIDATION_FAILED');
    await staffPost(t, owner, '/api/bo/referral/settings', PROGRAM);
  });

  it('shows the member’s referrer and how many friends it referred in the profile', async () => {
    const referrer = await newPlayer(t);
    const friend = await friendOf(referrer);
    const mine = (await staffGet(t, owner, `/api/bo/players/details?id=${referrer.memberId}`)).json().value;
    expect(mine).toMatchObject({ referrer: null, referredCount: 1 });
    const theirs = (await staffGet(t, owner, `/api/bo/players/details?id=${friend.memberId}`)).json().value;
    expect(theirs).toMatchObject({ referrer: { id: referrer.memberId, account: referrer.account }, referredCount: 0 });
  });
});
