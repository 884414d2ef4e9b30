import { isAgentType, SITE_CURRENCY, SITE_TIME_ZONE } from '@portal/contracts/limits.ts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { bareMoves, paidIn, unlessBroke } from '../../../test/ledger-moves.ts';
import { asOperator, startTestApp, type TestApp } from '../../../test/test-app.ts';
import { asPlayer } from '../wallet/cashier.test-helpers.ts';
import { verifyAgentRollups } from '../wallet/ledger-verify.repository.ts';
import { isBelow, moveMember, randomTree, type TreeMember } from './agent.test-helpers.ts';
import { type FigureRow, ZERO } from './reports.repository.ts';
import { foldLedgerFlows } from '../wallet/ledger-flows.repository.ts';

/**
 * The team overview reads rolled-up figures (per agent and day, migrations 0054–0055, decision 041).
 * Here it is compared, for every agent of a random tree and several ranges, with the same figures
 * computed directly from the ledger, the members and the closure, after a random mix of deposits,
 * bets, rollbacks (some on a later day), wins, transfers and moves spread over days in random order
 * (the test clock, decision 032, writes late transfers into earlier days).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(async () => {
  await setClock(null).catch(() => undefined);
  await t?.close();
});
verifyLedgerAfterEach(() => t?.database.db);

const DAY = 86_400_000;
const DAYS = 6;
const setClock = (at: Date | null) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/dev/clock',
    headers: asOperator,
    payload: { at: at?.toISOString() ?? null },
  });
const seoulDay = (d: Date) => new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
/** Noon in Seoul, `n` days after the first day of the test. */
const base = new Date(Math.floor(Date.now() / DAY) * DAY - (DAYS + 2) * DAY + 3 * 3_600_000);
const dayAt = (n: number) => new Date(base.getTime() + n * DAY);

type Op =
  | { op: 'deposit'; who: number; day: number; amount: number }
  | { op: 'bet'; who: number; day: number; amount: number; rollback: 0 | 1 | 2; win: number }
  | { op: 'toUpline'; who: number; day: number; amount: number }
  | { op: 'move'; who: number; to: number };

const day = fc.integer({ min: 0, max: DAYS - 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), who: fc.nat(), day, amount: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({
    op: fc.constant('bet' as const),
    who: fc.nat(),
    day,
    amount: fc.integer({ min: 1, max: 5_000 }),
    // 0: none, 1: rolled back the same day, 2: rolled back the next day (a day of negative valid bets)
    rollback: fc.constantFrom(0 as const, 0 as const, 1 as const, 2 as const),
    win: fc.integer({ min: 0, max: 9_000 }),
  }),
  fc.record({ op: fc.constant('toUpline' as const), who: fc.nat(), day, amount: fc.integer({ min: 1, max: 5_000 }) }),
  fc.record({ op: fc.constant('move' as const), who: fc.nat(), to: fc.nat() }),
);

/** One band's figures: the shape the report's query answers. */
type Band = FigureRow;

/**
 * The overview of `root` from first principles: every transfer of the range from the ledger, each
 * member's band from the closure, registrations from `member`, first deposits from the ledger.
 */
async function oracle(root: string, from: string, to: string) {
  const { rows } = await sql<Band & { band: number }>`
    WITH mf AS (
      SELECT a.member_id, (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date AS day, t.kind, 'OUT' AS side,
             t.amount
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.from_account_id
       WHERE a.member_id IS NOT NULL AND t.currency = ${SITE_CURRENCY}
      UNION ALL
      SELECT a.member_id, (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date, t.kind, 'IN', t.amount
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
       WHERE a.member_id IS NOT NULL AND t.currency = ${SITE_CURRENCY}
    ),
    pm AS (
      SELECT g.descendant_id AS member_id, least(g.depth, 2) AS band,
        coalesce(sum(amount) FILTER (WHERE kind = 'DEPOSIT' AND side = 'IN'), 0) AS deposits,
        coalesce(sum(amount) FILTER (WHERE kind = 'WITHDRAWAL' AND side = 'OUT'), 0) AS withdrawals,
        coalesce(sum(amount) FILTER (WHERE kind = 'BET' AND side = 'OUT'), 0) AS bets,
        count(*) FILTER (WHERE kind = 'BET' AND side = 'OUT') AS bet_count,
        coalesce(sum(amount) FILTER (WHERE kind = 'BET' AND side = 'OUT'), 0)
          - coalesce(sum(amount) FILTER (WHERE kind = 'ROLLBACK' AND side = 'IN'), 0) AS valid_bets,
        coalesce(sum(amount) FILTER (WHERE kind = 'WIN' AND side = 'IN'), 0) AS payouts,
        coalesce(sum(CASE side WHEN 'IN' THEN amount ELSE -amount END) FILTER (WHERE kind = 'VENDOR_PLAY'), 0) AS vp,
        coalesce(sum(amount) FILTER (WHERE kind = 'BONUS' AND side = 'IN'), 0) AS bonuses
      FROM member_tree g JOIN mf ON mf.member_id = g.descendant_id
      WHERE g.ancestor_id = ${root} AND mf.day BETWEEN ${from}::date AND ${to}::date
      GROUP BY 1, 2
    ),
    firsts AS (
      SELECT DISTINCT ON (a.member_id) a.member_id, (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date AS day
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
       WHERE t.kind = 'DEPOSIT' AND a.member_id IS NOT NULL
       ORDER BY a.member_id, t.id
    ),
    heads AS (
      SELECT least(g.depth, 2) AS band, count(*) AS members,
        count(*) FILTER (WHERE (m.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date BETWEEN ${from}::date AND ${to}::date)
          AS joined,
        count(f.member_id) FILTER (WHERE f.day BETWEEN ${from}::date AND ${to}::date) AS firsts
      FROM member_tree g JOIN member m ON m.id = g.descendant_id LEFT JOIN firsts f ON f.member_id = m.id
      WHERE g.ancestor_id = ${root}
      GROUP BY 1
    )
    SELECT h.band, h.members::int AS members, h.joined::int AS "newMembers", h.firsts::int AS "firstDepositors",
      (SELECT count(*) FROM pm WHERE pm.band = h.band AND valid_bets > 0)::int AS "activeMembers",
      (SELECT coalesce(sum(deposits), 0) FROM pm WHERE pm.band = h.band)::text AS deposits,
      (SELECT coalesce(sum(withdrawals), 0) FROM pm WHERE pm.band = h.band)::text AS withdrawals,
      (SELECT coalesce(sum(bets), 0) FROM pm WHERE pm.band = h.band)::text AS bets,
      (SELECT coalesce(sum(bet_count), 0) FROM pm WHERE pm.band = h.band)::int AS "betCount",
      (SELECT coalesce(sum(valid_bets), 0) FROM pm WHERE pm.band = h.band)::text AS "validBets",
      (SELECT coalesce(sum(payouts), 0) FROM pm WHERE pm.band = h.band)::text AS payouts,
      (SELECT coalesce(sum(payouts - valid_bets + vp), 0) FROM pm WHERE pm.band = h.band)::text AS "profitLoss",
      (SELECT coalesce(sum(bonuses), 0) FROM pm WHERE pm.band = h.band)::text AS bonuses
    FROM heads h`.execute(t.database.db);
  const band = (n: number): Band => {
    const r = rows.find((x) => x.band === n);
    if (!r) return ZERO;
    const { band: _b, ...rest } = r;
    return rest;
  };
  const add = (a: Band, b: Band): Band => ({
    members: a.members + b.members,
    newMembers: a.newMembers + b.newMembers,
    firstDepositors: a.firstDepositors + b.firstDepositors,
    activeMembers: a.activeMembers + b.activeMembers,
    deposits: (BigInt(a.deposits) + BigInt(b.deposits)).toString(),
    withdrawals: (BigInt(a.withdrawals) + BigInt(b.withdrawals)).toString(),
    bets: (BigInt(a.bets) + BigInt(b.bets)).toString(),
    betCount: a.betCount + b.betCount,
    validBets: (BigInt(a.validBets) + BigInt(b.validBets)).toString(),
    payouts: (BigInt(a.payouts) + BigInt(b.payouts)).toString(),
    profitLoss: (BigInt(a.profitLoss) + BigInt(b.profitLoss)).toString(),
    bonuses: (BigInt(a.bonuses) + BigInt(b.bonuses)).toString(),
  });
  return { own: band(0), direct: band(1), team: add(band(1), band(2)) };
}

/** The daily series of `root`'s team from first principles (days with any money, registration or first deposit). */
async function oracleSeries(root: string, from: string, to: string) {
  const { rows } = await sql<{ day: string }>`
    WITH mf AS (
      SELECT a.member_id, (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date AS day, t.kind,
             0::bigint AS a_in, t.amount AS a_out
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.from_account_id
       WHERE a.member_id IS NOT NULL AND t.currency = ${SITE_CURRENCY}
      UNION ALL
      SELECT a.member_id, (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date, t.kind, t.amount, 0
        FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
       WHERE a.member_id IS NOT NULL AND t.currency = ${SITE_CURRENCY}
    ),
    team AS (SELECT descendant_id AS id FROM member_tree WHERE ancestor_id = ${root} AND depth > 0),
    money AS (
      SELECT day,
        coalesce(sum(a_in) FILTER (WHERE kind = 'DEPOSIT'), 0) AS deposits,
        coalesce(sum(a_out) FILTER (WHERE kind = 'WITHDRAWAL'), 0) AS withdrawals,
        coalesce(sum(a_out) FILTER (WHERE kind = 'BET'), 0) - coalesce(sum(a_in) FILTER (WHERE kind = 'ROLLBACK'), 0)
          AS valid_bets,
        coalesce(sum(a_in) FILTER (WHERE kind = 'WIN'), 0) AS payouts,
        coalesce(sum(a_in - a_out) FILTER (WHERE kind = 'VENDOR_PLAY'), 0) AS vp
      FROM mf JOIN team ON team.id = mf.member_id GROUP BY day
    ),
    joined AS (
      SELECT (created_at AT TIME ZONE ${SITE_TIME_ZONE})::date AS day, count(*) AS n
        FROM member JOIN team ON team.id = member.id GROUP BY 1
    ),
    firsts AS (
      SELECT day, count(*) AS n FROM (
        SELECT DISTINCT ON (a.member_id) a.member_id, (t.created_at AT TIME ZONE ${SITE_TIME_ZONE})::date AS day
          FROM ledger_transfer t JOIN ledger_account a ON a.id = t.to_account_id
         WHERE t.kind = 'DEPOSIT' AND a.member_id IS NOT NULL
         ORDER BY a.member_id, t.id
      ) f JOIN team ON team.id = f.member_id GROUP BY day
    ),
    days AS (SELECT day FROM money UNION SELECT day FROM joined UNION SELECT day FROM firsts)
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(j.n, 0)::int AS "newMembers",
      coalesce(f.n, 0)::int AS "firstDepositors", coalesce(x.deposits, 0)::text AS deposits,
      coalesce(x.withdrawals, 0)::text AS withdrawals, coalesce(x.valid_bets, 0)::text AS "validBets",
      coalesce(x.payouts, 0)::text AS payouts, coalesce(x.payouts - x.valid_bets + x.vp, 0)::text AS "profitLoss"
    FROM days d LEFT JOIN money x ON x.day = d.day LEFT JOIN joined j ON j.day = d.day
      LEFT JOIN firsts f ON f.day = d.day
    WHERE d.day BETWEEN ${from}::date AND ${to}::date
    ORDER BY d.day`.execute(t.database.db);
  return rows;
}

describe('the rolled-up team overview', () => {
  it('equals the figures computed directly from the ledger for every agent and range, after random money, late writes and moves', async () => {
    const moves = bareMoves(t);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.array(opArb, { minLength: 6, maxLength: 16 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: DAYS }), fc.integer({ min: 0, max: DAYS })), {
          minLength: 2,
          maxLength: 3,
        }),
        async (seed, ops, ranges) => {
          const rand = fc.sample(fc.nat(), { seed, numRuns: 100 });
          let i = 0;
          const members: TreeMember[] = await randomTree(t, 7, (n) => rand[i++ % rand.length]! % n);
          try {
            for (const o of ops) {
              const m = members[o.who % members.length]!;
              if (o.op === 'move') {
                const agents = members.filter((x) => isAgentType(x.type));
                const target = agents[o.to % agents.length];
                if (!target || target === m || isBelow(members, m.memberId, target.memberId)) continue;
                const res = await moveMember(t, m.account, target.account);
                expect(res.statusCode, res.body).toBe(200);
                m.uplineId = target.memberId;
                continue;
              }
              expect((await setClock(dayAt(o.day))).statusCode).toBe(200);
              const amount = BigInt(o.amount);
              if (o.op === 'deposit') {
                await paidIn(t, m.memberId, amount);
              } else if (o.op === 'toUpline') {
                if (!m.uplineId) continue;
                await moves.toUpline(m.memberId, m.uplineId, amount).catch(unlessBroke);
              } else {
                const bet = await moves.bet(m.memberId, amount).catch(unlessBroke);
                if (!bet) continue;
                if (o.rollback === 2) expect((await setClock(dayAt(o.day + 1))).statusCode).toBe(200);
                if (o.rollback > 0) await moves.rollback(m.memberId, amount);
                else if (o.win > 0) await moves.win(m.memberId, BigInt(o.win));
              }
            }
          } finally {
            expect((await setClock(null)).statusCode).toBe(200);
          }
          expect(await verifyAgentRollups(t.database.db)).toEqual([]);

          const tops = members.filter((x) => x.uplineId === null && isAgentType(x.type));
          const agents = members.filter((x) => isAgentType(x.type));
          const spans = [
            // Everything, today's registrations included.
            [seoulDay(dayAt(0)), seoulDay(new Date())],
            ...ranges.map(([a, b]) => [seoulDay(dayAt(Math.min(a, b))), seoulDay(dayAt(Math.max(a, b)))]),
          ] as const;
          for (const [from, to] of spans) {
            for (const agent of agents) {
              const res = await asPlayer(t, agent).get(`/api/agent/overview?period=range&from=${from}&to=${to}`);
              expect(res.statusCode, res.body).toBe(200);
              const v = res.json().value;
              const want = await oracle(agent.memberId, from, to);
              expect(v.direct, `direct of ${agent.account} ${from}..${to}`).toEqual(want.direct);
              expect(v.team, `team of ${agent.account} ${from}..${to}`).toEqual(want.team);
              expect(v.series, `series of ${agent.account}`).toEqual(await oracleSeries(agent.memberId, from, to));
            }
            // A member's own figures (band 0), asked by its top agent.
            for (const top of tops)
              for (const m of members.filter((x) => x !== top && isBelow(members, top.memberId, x.memberId))) {
                const res = await asPlayer(t, top).get(
                  `/api/agent/team/summary?period=range&from=${from}&to=${to}&memberId=${m.memberId}`,
                );
                expect(res.statusCode, res.body).toBe(200);
                expect(res.json().value.own, `own of ${m.account}`).toEqual((await oracle(m.memberId, from, to)).own);
              }
          }
        },
      ),
      { numRuns: 4 },
    );
  }, 600_000);

  it('is caught by the verify command when an agent’s rollup or active-day count drifts from the ledger', async () => {
    const [top] = await randomTree(t, 1, () => 1);
    const members = await randomTree(t, 2, () => 0);
    const player = members[0]!;
    expect((await moveMember(t, player.account, top!.account)).statusCode).toBe(200);
    await sql`UPDATE agent_day_flow SET count_in = count_in + 1 WHERE agent_id = ${top!.memberId} AND kind = '#JOINED'`.execute(
      t.database.db,
    );
    try {
      const problems = await verifyAgentRollups(t.database.db);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatchObject({ rule: 'AGENT_AGGREGATE_NOT_LEDGER' });
    } finally {
      await sql`UPDATE agent_day_flow SET count_in = count_in - 1 WHERE agent_id = ${top!.memberId} AND kind = '#JOINED'`.execute(
        t.database.db,
      );
    }
    await paidIn(t, player.memberId, 1_000n);
    await bareMoves(t).bet(player.memberId, 100n);
    await foldLedgerFlows(t.database.db);
    await sql`UPDATE agent_day_active SET members = members + 1 WHERE agent_id = ${top!.memberId}`.execute(
      t.database.db,
    );
    try {
      const problems = await verifyAgentRollups(t.database.db);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatchObject({ rule: 'AGENT_ACTIVE_NOT_LEDGER' });
    } finally {
      await sql`UPDATE agent_day_active SET members = members - 1 WHERE agent_id = ${top!.memberId}`.execute(
        t.database.db,
      );
    }
  });
});
