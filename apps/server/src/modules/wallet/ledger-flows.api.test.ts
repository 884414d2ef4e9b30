import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { housePlay, paidIn } from '../../../test/ledger-moves.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { moveMember, newTreeMember } from '../agent/agent.test-helpers.ts';
import { newPlayer } from './cashier.test-helpers.ts';
import { FLOW_FOLD_MS, foldLedgerFlows } from './ledger-flows.repository.ts';
import { verifyLedger } from './ledger-verify.repository.ts';

/**
 * Game money reaches the report aggregates through the fold (migration 0109, decision 107): a bet
 * only queues its id; `foldLedgerFlows` adds every queued transfer, and the server folds in the
 * background. `verifyLedger` (after every test) recomputes every aggregate from the ledger.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(async () => {
  await t?.close();
});
verifyLedgerAfterEach(() => t?.database.db);

const POINTS_PER_MILLION = 2_000;
const REBATE_BP = { RNG: 80, LIVE: 0 } as const;
const queued = async () =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ledger_transfer_unfolded`.execute(t.database.db)).rows[0]!.n;
const betsOf = async (memberId: string) =>
  (
    await sql<{ amount: string | null }>`
      SELECT sum(amount_out)::text AS amount FROM member_day_flow WHERE member_id = ${memberId} AND kind = 'BET'`.execute(
      t.database.db,
    )
  ).rows[0]!.amount;

describe('the game flows fold', () => {
  it('writes no aggregate in the bet’s own transaction, and a fold adds every transfer made before it', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    // The ledger service opens the house's clearing account on first use.
    await housePlay(t, p.memberId, 'BET', 1n);
    await foldLedgerFlows(t.database.db);
    await t.database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ status: string; id: string }>`
        SELECT o_status AS status, o_transfer_id::text AS id
          FROM ledger_apply_transfer(${`flows-bet:${p.memberId}`}, 'h', 'BET', 'KRW', 300::bigint,
                 '{"vendorId": "HOUSE", "gameType": "RNG"}'::jsonb, 'MEMBER_MAIN', ${p.memberId}::bigint, NULL,
                 'VENDOR_CLEARING', NULL, 'HOUSE')`.execute(trx);
      expect(rows[0]?.status).toBe('OK');
      const inFlows = await sql<{ n: number }>`
        SELECT sum(amount_out)::int AS n FROM member_day_flow WHERE member_id = ${p.memberId} AND kind = 'BET'`.execute(
        trx,
      );
      expect(inFlows.rows[0]!.n).toBe(1);
      const waiting = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ledger_transfer_unfolded WHERE transfer_id = ${rows[0]!.id}::bigint`.execute(
        trx,
      );
      expect(waiting.rows[0]!.n).toBe(1);
    });
    await housePlay(t, p.memberId, 'WIN', 500n);
    await foldLedgerFlows(t.database.db);
    expect(await betsOf(p.memberId)).toBe('301');
    expect(await queued()).toBe(0);
    // Deposits are not game money: they are in the aggregates in their own transaction.
    const { rows } = await sql<{ amount: string }>`
      SELECT amount_in::text AS amount FROM member_day_flow WHERE member_id = ${p.memberId} AND kind = 'DEPOSIT'`.execute(
      t.database.db,
    );
    expect(rows[0]?.amount).toBe('10000');
  });

  it('folds in the background within a moment when nobody reads the aggregates', async () => {
    const p = await newPlayer(t, { balance: 1_000n });
    await housePlay(t, p.memberId, 'BET', 70n);
    await vi.waitFor(async () => expect(await betsOf(p.memberId)).toBe('70'), {
      timeout: 40 * FLOW_FOLD_MS,
      interval: FLOW_FOLD_MS / 5,
    });
  });

  it('gives the points and rebate of applying the transfers one at a time, for any mix of bets, wins and rollbacks and any batching', async () => {
    await sql`UPDATE points_config SET earn_per_million = ${POINTS_PER_MILLION} WHERE id = 1`.execute(t.database.db);
    for (const [gameType, rate] of Object.entries(REBATE_BP))
      await sql`INSERT INTO rebate_rate (game_type, rate_bp) VALUES (${gameType}, ${rate})
                ON CONFLICT (game_type) DO UPDATE SET rate_bp = EXCLUDED.rate_bp`.execute(t.database.db);
    const op = fc.oneof(
      fc.record({
        kind: fc.constantFrom('BET' as const, 'WIN' as const, 'ROLLBACK' as const),
        who: fc.integer({ min: 0, max: 1 }),
        amount: fc.integer({ min: 1, max: 5_000 }),
        gameType: fc.constantFrom('RNG' as const, 'LIVE' as const),
      }),
      fc.constant({ kind: 'FOLD' as const }),
      // A claim between a bet and its rollback: the accrual is spent, so a later rollback clamps at zero.
      fc.record({ kind: fc.constant('SPEND' as const), who: fc.integer({ min: 0, max: 1 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const players = [await newPlayer(t, { balance: 1_000_000n }), await newPlayer(t, { balance: 1_000_000n })];
        // The model: each member's accruals applied one transfer at a time, as the triggers did.
        const model = players.map(() => ({
          points: 0n,
          rebate: new Map<string, { valid: bigint; accrued: bigint }>(),
        }));
        const floor = (n: bigint) => (n < 0n ? 0n : n);
        for (const o of ops) {
          if (o.kind === 'FOLD') {
            await foldLedgerFlows(t.database.db);
            continue;
          }
          const m = model[o.who]!;
          const memberId = players[o.who]!.memberId;
          if (o.kind === 'SPEND') {
            // What a points credit and a rebate claim do to the accrual rows (after folding, as they do).
            await foldLedgerFlows(t.database.db);
            await sql`UPDATE member_points SET accrued = 0 WHERE member_id = ${memberId}`.execute(t.database.db);
            await sql`UPDATE member_rebate SET valid_bet = 0, accrued = 0 WHERE member_id = ${memberId}`.execute(
              t.database.db,
            );
            m.points = 0n;
            for (const r of m.rebate.values()) Object.assign(r, { valid: 0n, accrued: 0n });
            continue;
          }
          await housePlay(t, memberId, o.kind, BigInt(o.amount), { gameType: o.gameType });
          const units = BigInt(o.amount);
          const rate = BigInt(REBATE_BP[o.gameType]);
          if (o.kind === 'BET') {
            m.points += units * BigInt(POINTS_PER_MILLION);
            const r = m.rebate.get(o.gameType) ?? { valid: 0n, accrued: 0n };
            m.rebate.set(o.gameType, { valid: r.valid + units, accrued: r.accrued + units * rate });
          } else if (o.kind === 'ROLLBACK') {
            m.points = floor(m.points - units * BigInt(POINTS_PER_MILLION));
            const r = m.rebate.get(o.gameType);
            if (r)
              m.rebate.set(o.gameType, { valid: floor(r.valid - units), accrued: floor(r.accrued - units * rate) });
          }
        }
        await foldLedgerFlows(t.database.db);
        for (const [i, p] of players.entries()) {
          const points = await sql<{ accrued: string }>`
            SELECT accrued::text FROM member_points WHERE member_id = ${p.memberId}`.execute(t.database.db);
          expect(BigInt(points.rows[0]?.accrued ?? 0)).toBe(model[i]!.points);
          const rebate = await sql<{ gameType: string; valid: string; accrued: string }>`
            SELECT game_type AS "gameType", valid_bet::text AS valid, accrued::text FROM member_rebate
             WHERE member_id = ${p.memberId} ORDER BY game_type`.execute(t.database.db);
          expect(
            Object.fromEntries(
              rebate.rows.map((r) => [r.gameType, { valid: BigInt(r.valid), accrued: BigInt(r.accrued) }]),
            ),
          ).toEqual(Object.fromEntries(model[i]!.rebate));
        }
      }),
      { numRuns: 12 },
    );
  }, 300_000);

  it('leaves every aggregate equal to the ledger when 16 players bet at once while folds run and a player changes upline', async () => {
    const agents = [await newTreeMember(t, null, { type: 1 }), await newTreeMember(t, null, { type: 1 })];
    const sub = await newTreeMember(t, agents[0]!, { type: 2 });
    const players = [];
    for (let i = 0; i < 16; i++) players.push(await newTreeMember(t, i % 2 ? agents[1]! : sub, { balance: 100_000n }));
    let stop = false;
    // Folds back to back, a few milliseconds apart (on the one-connection PGlite a loop without a pause
    // would keep the move's transaction from ever getting the connection).
    const folding = (async () => {
      while (!stop) {
        await foldLedgerFlows(t.database.db);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const betting = players.map(async (p, i) => {
      for (let n = 0; n < 12; n++) {
        await housePlay(t, p.memberId, 'BET', BigInt(100 + n), { roundId: `r${i}-${n}` });
        if (n % 3 === 0) await housePlay(t, p.memberId, 'WIN', 150n, { roundId: `r${i}-${n}` });
        if (n % 4 === 1) await housePlay(t, p.memberId, 'ROLLBACK', BigInt(100 + n), { roundId: `r${i}-${n}` });
      }
    });
    const moving = (async () => {
      expect((await moveMember(t, players[0]!.account, agents[1]!.account)).statusCode).toBe(200);
      expect((await moveMember(t, players[1]!.account, sub.account)).statusCode).toBe(200);
    })();
    await Promise.all([...betting, moving]);
    stop = true;
    await folding;
    await paidIn(t, players[2]!.memberId, 1n);
    expect(await verifyLedger(t.database.db)).toEqual([]);
    expect(await queued()).toBe(0);
    expect(await betsOf(players[3]!.memberId)).toBe(String([...Array(12).keys()].reduce((s, n) => s + 100 + n, 0)));
  }, 120_000);
});
