import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { asOperator, startTestApp, type TestApp } from '../../../test/test-app.ts';
import { newPlayer } from '../wallet/cashier.test-helpers.ts';
import { foldLedgerFlows } from '../wallet/ledger-flows.repository.ts';

/**
 * The test clock (decision 032): outside production the operator moves the server's clock; the
 * ledger records transfers at the moved time (so the day aggregates follow), and moving it runs the
 * job queue once at the new time. Back at real time, the database's time is used again.
 */
let t: TestApp;
beforeEach(async () => {
  t = await startTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterEach(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

const DAY = 86_400_000;
const move = (body: unknown, headers: Record<string, string> = asOperator) =>
  t.app.inject({ method: 'PUT', url: '/api/dev/clock', headers, payload: body as object });

async function betRecordedAt(memberId: string) {
  const r = await t.services.ledger.transfer({
    idempotencyKey: `clock-test:${randomBytes(6).toString('hex')}`,
    kind: 'BET',
    from: { kind: 'MEMBER_MAIN', memberId, currency: 'KRW' },
    to: { kind: 'VENDOR_CLEARING', vendorId: 'HOUSE', currency: 'KRW' },
    amount: 100n,
  });
  await foldLedgerFlows(t.database.db);
  const { rows } = await sql<{ createdAt: Date; day: string }>`
    SELECT t.created_at AS "createdAt", (SELECT f.day::text FROM member_day_flow f
      WHERE f.member_id = ${memberId} AND f.kind = 'BET' ORDER BY f.day DESC LIMIT 1) AS day
    FROM ledger_transfer t WHERE t.id = ${r.transferId}`.execute(t.database.db);
  return { createdAt: new Date(rows[0]!.createdAt), day: rows[0]!.day };
}

const seoulDay = (d: Date) => new Date(d.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

describe('the test clock', () => {
  it('moves the server clock, records ledger transfers and their day aggregates at the moved time, and returns to real time', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    const res = await move({ advanceMs: 3 * DAY });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json().value as { now: string; offsetMs: number; ran: unknown[] };
    expect(moved.offsetMs).toBeGreaterThanOrEqual(3 * DAY - 1);
    expect(Math.abs(new Date(moved.now).getTime() - (Date.now() + 3 * DAY))).toBeLessThan(60_000);
    // The job queue ran once at the new time.
    expect(moved.ran.length).toBeGreaterThan(0);

    const later = await betRecordedAt(p.memberId);
    expect(Math.abs(later.createdAt.getTime() - (Date.now() + 3 * DAY))).toBeLessThan(60_000);
    expect(later.day).toBe(seoulDay(later.createdAt));
    const got = await t.app.inject({ method: 'GET', url: '/api/dev/clock', headers: asOperator });
    expect(got.json().value.offsetMs).toBe(moved.offsetMs);

    expect((await move({ at: null })).json().value.offsetMs).toBe(0);
    const now = await betRecordedAt(p.memberId);
    expect(Math.abs(now.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('sets an instant, and refuses a bad move or a caller without the operator key, changing nothing', async () => {
    const at = new Date(Date.now() - 2 * DAY);
    const set = await move({ at: at.toISOString() });
    expect(set.statusCode, set.body).toBe(200);
    expect(Math.abs(new Date(set.json().value.now).getTime() - at.getTime())).toBeLessThan(60_000);
    const offset = set.json().value.offsetMs as number;

    for (const body of [
      {},
      { at: null, advanceMs: 5 },
      { advanceMs: 1.5 },
      { at: 'yesterday' },
      { advanceMs: 500 * DAY },
    ]) {
      const res = await move(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await move({ advanceMs: DAY }, {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/clock' })).statusCode).toBe(401);
    const got = await t.app.inject({ method: 'GET', url: '/api/dev/clock', headers: asOperator });
    expect(got.json().value.offsetMs).toBe(offset);
  });
});
