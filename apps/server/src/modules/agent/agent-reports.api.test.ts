import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { bareMoves, housePlay, paidIn, unlessBroke } from '../../../test/ledger-moves.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { asPlayer } from '../wallet/cashier.test-helpers.ts';
import { verifyAggregates } from '../wallet/ledger-verify.repository.ts';
import { newTreeMember, type TreeMember } from './agent.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

type Op =
  | { op: 'deposit'; who: number; amount: number }
  | { op: 'bet'; who: number; amount: number; rollback: boolean; win: number }
  | { op: 'toUpline'; who: number; amount: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), who: fc.nat(), amount: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({
    op: fc.constant('bet' as const),
    who: fc.nat(),
    amount: fc.integer({ min: 1, max: 5_000 }),
    rollback: fc.boolean(),
    win: fc.integer({ min: 0, max: 20_000 }),
  }),
  fc.record({ op: fc.constant('toUpline' as const), who: fc.nat(), amount: fc.integer({ min: 1, max: 5_000 }) }),
);

const overview = async (agent: TreeMember) => {
  const res = await asPlayer(t, agent).get('/api/agent/overview?period=today');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};

describe('report aggregates', () => {
  it('equal the ledger, and the team overview equals sums made from the operations, after a random mix', async () => {
    const moves = bareMoves(t);
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 25 }), async (ops) => {
        const top = await newTreeMember(t, null, { type: 1 });
        const sub = await newTreeMember(t, top, { type: 2 });
        const players = [await newTreeMember(t, top), await newTreeMember(t, sub), await newTreeMember(t, sub), sub];
        const expected = {
          direct: { deposits: 0n, bets: 0n, validBets: 0n, payouts: 0n },
          team: { deposits: 0n, bets: 0n, validBets: 0n, payouts: 0n },
          active: new Set<string>(),
          activeDirect: new Set<string>(),
          depositors: new Set<string>(),
        };
        const add = (m: TreeMember, field: 'deposits' | 'bets' | 'validBets' | 'payouts', n: bigint) => {
          expected.team[field] += n;
          if (m.uplineId === top.memberId) expected.direct[field] += n;
        };
        for (const o of ops) {
          const m = players[o.who % players.length]!;
          const amount = BigInt(o.amount);
          if (o.op === 'deposit') {
            await paidIn(t, m.memberId, amount);
            add(m, 'deposits', amount);
            expected.depositors.add(m.memberId);
          } else if (o.op === 'bet') {
            const bet = await moves.bet(m.memberId, amount).catch(unlessBroke);
            if (!bet) continue;
            add(m, 'bets', amount);
            if (o.rollback) {
              await moves.rollback(m.memberId, amount);
            } else {
              add(m, 'validBets', amount);
              expected.active.add(m.memberId);
              if (m.uplineId === top.memberId) expected.activeDirect.add(m.memberId);
              if (o.win > 0) {
                const win = BigInt(o.win);
                await moves.win(m.memberId, win);
                add(m, 'payouts', win);
              }
            }
          } else {
            await moves.toUpline(m.memberId, m.uplineId!, amount).catch(unlessBroke);
          }
        }
        expect(await verifyAggregates(t.database.db)).toEqual([]);

        const v = await overview(top);
        for (const band of ['direct', 'team'] as const) {
          const e = expected[band];
          expect(v[band], band).toMatchObject({
            deposits: e.deposits.toString(),
            bets: e.bets.toString(),
            validBets: e.validBets.toString(),
            payouts: e.payouts.toString(),
            profitLoss: (e.payouts - e.validBets).toString(),
          });
        }
        expect(v.team).toMatchObject({ members: 4, newMembers: 4, activeMembers: expected.active.size });
        expect(v.direct).toMatchObject({ members: 2, activeMembers: expected.activeDirect.size });
        expect(v.team.firstDepositors).toBe(expected.depositors.size);
        const today = v.series.at(-1);
        expect(today).toMatchObject({ deposits: expected.team.deposits.toString(), newMembers: 4 });
      }),
      { numRuns: 6 },
    );
  });

  it('are caught by the verify command when one drifts from the ledger', async () => {
    const m = await newTreeMember(t, null, { balance: 1_000n });
    await sql`UPDATE member_day_flow SET amount_in = amount_in + 1 WHERE member_id = ${m.memberId} AND kind = 'DEPOSIT'`.execute(
      t.database.db,
    );
    const problems = await verifyAggregates(t.database.db);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ rule: 'AGGREGATE_NOT_LEDGER' });
    await sql`UPDATE member_day_flow SET amount_in = amount_in - 1 WHERE member_id = ${m.memberId} AND kind = 'DEPOSIT'`.execute(
      t.database.db,
    );
  });

  it('include the stored team sizes, checked against the downline closure', async () => {
    const agent = await newTreeMember(t, null, { type: 1 });
    await newTreeMember(t, agent);
    await newTreeMember(t, agent);
    const size = () =>
      t.database.db
        .selectFrom('memberTeamSize')
        .select('teamSize')
        .where('memberId', '=', agent.memberId)
        .executeTakeFirst();
    expect((await size())?.teamSize).toBe(2);
    await sql`UPDATE member_team_size SET team_size = team_size + 1 WHERE member_id = ${agent.memberId}`.execute(
      t.database.db,
    );
    try {
      const problems = await verifyAggregates(t.database.db);
      expect(problems).toEqual([
        { rule: 'TEAM_SIZE_NOT_TREE', detail: `member ${agent.memberId}: stored team size 3, closure 2` },
      ]);
    } finally {
      await sql`UPDATE member_team_size SET team_size = team_size - 1 WHERE member_id = ${agent.memberId}`.execute(
        t.database.db,
      );
    }
  });
});

describe('the agent reports', () => {
  it('sums a member’s own figures and, for a sub-agent, its team’s', async () => {
    const top = await newTreeMember(t, null, { type: 1 });
    const sub = await newTreeMember(t, top, { type: 2, balance: 7_000n });
    await newTreeMember(t, sub, { balance: 3_000n });
    const res = await asPlayer(t, top).get(`/api/agent/team/summary?period=week&memberId=${sub.memberId}`);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v.own).toMatchObject({ deposits: '7000', members: 1, firstDepositors: 1 });
    expect(v.team).toMatchObject({ deposits: '3000', members: 1, firstDepositors: 1 });
    const player = (await asPlayer(t, top).get(`/api/agent/team?parentId=${sub.memberId}`)).json().value.items[0];
    const mine = (await asPlayer(t, top).get(`/api/agent/team/summary?memberId=${player.id}`)).json().value;
    expect(mine.team).toBeNull();
  });

  it('ranks members by their result, lists the team’s bets with totals, and shows transfers received as income', async () => {
    const top = await newTreeMember(t, null, { type: 1 });
    const a = await newTreeMember(t, top, { balance: 10_000n });
    const b = await newTreeMember(t, top, { balance: 10_000n });
    await housePlay(t, a.memberId, 'BET', 4_000n);
    await housePlay(t, b.memberId, 'BET', 1_000n);
    await bareMoves(t).win(b.memberId, 3_000n);
    await bareMoves(t).toUpline(a.memberId, top.memberId, 500n);

    const loss = (await asPlayer(t, top).get('/api/agent/user-loss?period=today')).json().value;
    expect(loss.items.map((r: { id: string; profitLoss: string }) => [r.id, r.profitLoss])).toEqual([
      [a.memberId, '-4000'],
      [b.memberId, '2000'],
    ]);
    const bets = (await asPlayer(t, top).get('/api/agent/team-bets?period=today&gameType=RNG')).json().value;
    expect(bets).toMatchObject({ total: 2, totalAmount: '5000' });
    expect(bets.items[0]).toMatchObject({ vendorId: 'HOUSE', gameType: 'RNG', gameCode: 'dice' });
    const onlyA = (await asPlayer(t, top).get(`/api/agent/team-bets?period=today&memberId=${a.memberId}`)).json().value;
    expect(onlyA).toMatchObject({ total: 1, totalAmount: '4000' });
    const income = (await asPlayer(t, top).get('/api/agent/income?period=today')).json().value;
    expect(income).toMatchObject({ total: 1, totalAmount: '500' });
    expect(income.items[0]).toMatchObject({ kind: 'UPLINE_TRANSFER', amount: '500', fromAccount: a.account });

    // A page past the last one is empty but still tells the totals, so the pager can lead back.
    const past = (path: string) => asPlayer(t, top).get(`/api/agent/${path}period=today&page=9&pageSize=10`);
    const lossPast = (await past('user-loss?')).json().value;
    expect(lossPast).toMatchObject({ items: [], total: 2 });
    expect((await past('team-bets?')).json().value).toMatchObject({ items: [], total: 2, totalAmount: '5000' });
    expect((await past('income?')).json().value).toMatchObject({ items: [], total: 1, totalAmount: '500' });
  });

  it('refuses bets of a member outside the team as not found, and a range without its dates', async () => {
    const top = await newTreeMember(t, null, { type: 1 });
    const stranger = await newTreeMember(t, null);
    const res = await asPlayer(t, top).get(`/api/agent/team-bets?memberId=${stranger.memberId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('MEMBER_NOT_FOUND');
    const summary = await asPlayer(t, top).get(`/api/agent/team/summary?memberId=${stranger.memberId}`);
    expect(summary.statusCode).toBe(404);
    const range = await asPlayer(t, top).get('/api/agent/overview?period=range&from=2026-01-01');
    expect(range.statusCode).toBe(400);
  });
});
