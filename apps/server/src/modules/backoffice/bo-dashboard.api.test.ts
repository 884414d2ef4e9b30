import { TRIAL_TYPE } from '@portal/contracts/limits.ts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { staffTeam, type StaffClient } from '../../../test/staff-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { kstDay } from '../wallet/history.service.ts';
import { newPlayer } from '../wallet/cashier.test-helpers.ts';
import { verifyLedger } from '../wallet/ledger-verify.repository.ts';

let t: TestApp;
let owner: StaffClient;
let finance: StaffClient;
let support: StaffClient;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SCALE: '100' });
  ({ owner, finance, support } = await staffTeam(t, ['finance', 'support']));
  await t.database.db
    .insertInto('vendor')
    .values([
      { id: 'dash-alpha', name: 'Alpha Games', logoUrl: '/alpha.svg', mode: 'SEAMLESS', status: 'LIVE', sort: 90 },
      { id: 'dash-beta', name: 'Beta Live', logoUrl: '/beta.svg', mode: 'SEAMLESS', status: 'LIVE', sort: 91 },
    ])
    .execute();
  // The demo site's members were registered when the test database was made: a month before this story.
  await sql`UPDATE member SET created_at = created_at - interval '30 days'`.execute(t.database.db);
  await play();
});
afterAll(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

const KRW = 'KRW';
let n = 0;
/** One ledger transfer as the seamless wallet, cashier and bonus services write them. */
async function move(
  kind: string,
  from: Parameters<TestApp['services']['ledger']['transfer']>[0]['from'],
  to: Parameters<TestApp['services']['ledger']['transfer']>[0]['to'],
  amount: bigint,
  reference: Record<string, unknown> = {},
) {
  n += 1;
  await t.services.ledger.transfer({ idempotencyKey: `dash-${n}`, kind, from, to, amount, reference });
}
const main = (memberId: string) => ({ kind: 'MEMBER_MAIN' as const, memberId, currency: KRW });
const clearing = (vendorId: string) => ({ kind: 'VENDOR_CLEARING' as const, vendorId, currency: KRW });
const game = (vendorId: string, gameType: string) => ({
  vendorId,
  gameType,
  gameCode: `${vendorId}-1`,
  roundId: `r${n}`,
});

/**
 * A known day: four registrations (and a trial account, which is not one), three deposits of which
 * two are first deposits, a paid withdrawal, a bonus, and bets, wins and a rollback at two vendors.
 */
async function play() {
  const a = await newPlayer(t, { balance: 50_000n });
  const b = await newPlayer(t, { balance: 20_000n });
  await newPlayer(t);
  await newPlayer(t, { type: 1 });
  await newPlayer(t, { type: TRIAL_TYPE });
  await move('DEPOSIT', { kind: 'PAYMENT_CLEARING', currency: KRW }, main(b.memberId), 5_000n);

  await move('BET', main(a.memberId), clearing('dash-alpha'), 10_000n, game('dash-alpha', 'RNG'));
  await move('WIN', clearing('dash-alpha'), main(a.memberId), 3_000n, game('dash-alpha', 'RNG'));
  await move('BET', main(a.memberId), clearing('dash-alpha'), 2_000n, game('dash-alpha', 'LIVE'));
  await move('ROLLBACK', clearing('dash-alpha'), main(a.memberId), 2_000n, game('dash-alpha', 'LIVE'));
  await move('BET', main(b.memberId), clearing('dash-beta'), 4_000n, game('dash-beta', 'RNG'));
  await move('WIN', clearing('dash-beta'), main(b.memberId), 9_000n, game('dash-beta', 'RNG'));
  await move('BONUS', { kind: 'BONUS', currency: KRW }, main(b.memberId), 500n);

  await move('WITHDRAWAL_HOLD', main(a.memberId), { kind: 'MEMBER_HOLD', memberId: a.memberId, currency: KRW }, 1_000n);
  await move(
    'WITHDRAWAL',
    { kind: 'MEMBER_HOLD', memberId: a.memberId, currency: KRW },
    { kind: 'PAYMENT_CLEARING', currency: KRW },
    1_000n,
  );
}

const dashboard = (who: StaffClient, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/bo/dashboard${query}`, headers: who.headers });

const TODAY = {
  registrations: 4,
  firstDeposits: 2,
  firstDepositAmount: '70000',
  activePlayers: 2,
  deposits: '75000',
  depositCount: 3,
  withdrawals: '1000',
  withdrawalCount: 1,
  bets: '16000',
  betCount: 3,
  validBets: '14000',
  payouts: '12000',
  bonuses: '500',
  rebates: '0',
  pointsCash: '0',
  ggr: '2000',
  ngr: '1500',
};
const ZERO = {
  registrations: 0,
  firstDeposits: 0,
  firstDepositAmount: '0',
  activePlayers: 0,
  deposits: '0',
  depositCount: 0,
  withdrawals: '0',
  withdrawalCount: 0,
  bets: '0',
  betCount: 0,
  validBets: '0',
  payouts: '0',
  bonuses: '0',
  rebates: '0',
  pointsCash: '0',
  ggr: '0',
  ngr: '0',
};

describe('back office dashboard', () => {
  it("adds up today's registrations, deposits, withdrawals, bets, GGR and NGR exactly", async () => {
    const res = await dashboard(finance);
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({ timeZone: 'Asia/Seoul', currency: 'KRW', today: kstDay(new Date()) });
    expect(v.todayFigures).toEqual(TODAY);
    expect(v.days.at(-1)).toEqual({ day: v.today, ...TODAY });
  });

  it('splits the bets by vendor and by game category, each with its players and GGR', async () => {
    const v = (await dashboard(owner)).json().value;
    expect(v.vendors).toEqual([
      {
        vendorId: 'dash-alpha',
        vendorName: 'Alpha Games',
        players: 1,
        bets: '12000',
        betCount: 2,
        validBets: '10000',
        payouts: '3000',
        ggr: '7000',
      },
      {
        vendorId: 'dash-beta',
        vendorName: 'Beta Live',
        players: 1,
        bets: '4000',
        betCount: 1,
        validBets: '4000',
        payouts: '9000',
        ggr: '-5000',
      },
    ]);
    expect(v.categories).toEqual([
      { category: 'RNG', players: 2, bets: '14000', betCount: 2, validBets: '14000', payouts: '12000', ggr: '2000' },
      { category: 'LIVE', players: 0, bets: '2000', betCount: 1, validBets: '0', payouts: '0', ggr: '0' },
    ]);
  });

  it('answers every day of a chosen range in the site time zone, days without activity as zeros', async () => {
    const today = kstDay(new Date());
    const before = kstDay(new Date(Date.now() - 2 * 86_400_000));
    const v = (await dashboard(finance, `?from=${before}&to=${today}`)).json().value;
    expect(v.from).toBe(before);
    expect(v.days.map((d: { day: string }) => d.day)).toEqual([
      before,
      kstDay(new Date(Date.now() - 86_400_000)),
      today,
    ]);
    expect(v.days[0]).toEqual({ day: before, ...ZERO });
    expect(v.rangeFigures).toEqual(TODAY);
    const earlier = (await dashboard(finance, `?from=${before}&to=${before}`)).json().value;
    expect(earlier.rangeFigures).toEqual(ZERO);
    expect(earlier.vendors).toEqual([]);
    expect(earlier.todayFigures).toEqual(TODAY);
  });

  it('refuses a reversed, too long or malformed range with a clear code', async () => {
    expect((await dashboard(finance, '?from=2026-11-20&to=2026-11-10')).json().code).toBe('DATE_RANGE_INVALID');
    expect((await dashboard(finance, '?from=2026-01-01&to=2026-11-10')).json().code).toBe('DATE_RANGE_TOO_LONG');
    expect((await dashboard(finance, '?from=2026-02-30')).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'query.from',
    });
  });

  it('is open to owners, admins, finance and risk only', async () => {
    const res = await dashboard(support);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('STAFF_FORBIDDEN');
  });

  it('keeps the vendor aggregates equal to the ledger, and ledger:verify notices a difference', async () => {
    expect(await verifyLedger(t.database.db)).toEqual([]);
    const { db } = t.database;
    await db
      .updateTable('memberGameDayFlow')
      .set((eb) => ({ amountOut: eb('amountOut', '+', '1') }))
      .where('vendorId', '=', 'dash-beta')
      .where('kind', '=', 'BET')
      .execute();
    const problems = await verifyLedger(db);
    await db
      .updateTable('memberGameDayFlow')
      .set((eb) => ({ amountOut: eb('amountOut', '-', '1') }))
      .where('vendorId', '=', 'dash-beta')
      .where('kind', '=', 'BET')
      .execute();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ rule: 'GAME_AGGREGATE_NOT_LEDGER' });
  });
});

describe('rewards in the dashboard', () => {
  it('takes rebate paid, points turned into cash and mission rewards off NGR, beside the bonuses', async () => {
    const before = (await dashboard(finance)).json().value.todayFigures;
    const PIN = 'pay-2468';
    const c = await newPlayer(t, { balance: 10_000_000n, paymentPassword: PIN });
    await sql`
      INSERT INTO rebate_rate (game_type, rate_bp) VALUES ('RNG', 100)
      ON CONFLICT (game_type) DO UPDATE SET rate_bp = 100`.execute(t.database.db);
    await sql`UPDATE points_config SET earn_per_million = 1000, convert_rate = 1`.execute(t.database.db);
    // 1 % of a 1 000 000 stake comes back as rebate; the stake also earns 1 000 points.
    await move('BET', main(c.memberId), clearing('dash-alpha'), 1_000_000n, game('dash-alpha', 'RNG'));
    const rebate = await t.services.rebate.claim(c.memberId, KRW, `dash-rebate-${n}`);
    expect(rebate.amount).toBe('10000');
    const converted = await t.services.points.convert(c.memberId, {
      points: 600,
      paymentPassword: PIN,
      requestId: `dash-convert-${n}`,
    });
    expect(converted.amount).toBe('600');
    // The demo site's daily "sign in today" mission: the new session completes it.
    const signIn = (
      await sql<{ id: string; reward: string }>`
        SELECT id::text, reward::text FROM mission WHERE kind = 'SIGN_IN_DAYS' AND period = 'DAILY' AND target = 1
         ORDER BY id LIMIT 1`.execute(t.database.db)
    ).rows[0]!;
    await t.services.missions.claim(c.memberId, signIn.id);

    const after = (await dashboard(finance)).json().value.todayFigures;
    const delta = (k: string) => (BigInt(after[k]) - BigInt(before[k])).toString();
    expect(delta('rebates')).toBe('10000');
    expect(delta('pointsCash')).toBe('600');
    expect(delta('bonuses')).toBe(signIn.reward);
    // The stake is GGR (no payout); NGR is GGR less everything paid back.
    expect(delta('ggr')).toBe('1000000');
    expect(delta('ngr')).toBe((1_000_000n - 10_000n - 600n - BigInt(signIn.reward)).toString());
    expect(BigInt(after.ngr)).toBe(
      BigInt(after.ggr) - BigInt(after.bonuses) - BigInt(after.rebates) - BigInt(after.pointsCash),
    );
  });
});
