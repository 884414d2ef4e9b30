import { randomUUID } from 'node:crypto';
import { TRIAL_TYPE } from '@portal/contracts/limits.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidIn, trialCredit } from '../../../test/ledger-moves.ts';
import { runSeamlessConformance } from '../../../test/seamless-conformance.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { newPlayer } from '../wallet/cashier.test-helpers.ts';
import { verifyLedger } from '../wallet/ledger-verify.repository.ts';
import { signedSeamlessHeaders } from './seamless-signature.ts';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';

/** A vendor registered only in this test database, the way an operator registers an outside one. */
const VENDOR_ID = 'CONFTEST';
const GAME = 'conf-slot';

let t: TestApp;
let vendor: { operatorId: string; secret: string };
beforeAll(async () => {
  t = await startTestApp();
  vendor = await t.database.db
    .insertInto('vendor')
    .values({
      id: VENDOR_ID,
      name: 'Conformance Test Vendor',
      logoUrl: '/x.svg',
      mode: 'SEAMLESS',
      status: 'LIVE',
      sort: 99,
    })
    .returning(['operatorId', 'secret'])
    .executeTakeFirstOrThrow();
});
afterAll(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

const sessions = () => t.services.games.sessions;
async function sessionFor(
  memberId: string,
  opts: { mode?: 'real' | 'demo'; memberType?: number; gameType?: string } = {},
) {
  return sessions().issue({
    memberId,
    memberType: opts.memberType ?? 0,
    vendorId: VENDOR_ID,
    gameCode: GAME,
    gameType: opts.gameType ?? 'RNG',
    mode: opts.mode ?? 'real',
  });
}
const expireSession = (sessionId: string) =>
  t.database.db
    .updateTable('gameSession')
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where('id', '=', sessionId)
    .execute()
    .then(() => undefined);

runSeamlessConformance('a test vendor registered in the database', () => ({
  inject: t.app,
  vendorId: VENDOR_ID,
  operatorId: vendor.operatorId,
  secret: vendor.secret,
  async makeSession(balance) {
    const p = await newPlayer(t, { balance });
    const s = await sessionFor(p.memberId);
    return { token: s.token, gameCode: GAME, currency: s.currency, expire: () => expireSession(s.sessionId) };
  },
  verifyLedger: () => verifyLedger(t.database.db),
  ...(t.database.label === 'pglite'
    ? { concurrencySkipReason: 'PGlite runs one transaction at a time; run with TEST_DATABASE_URL' }
    : {}),
}));

/** A signed seamless call as the vendor sends it (signed with `secret`); the raw response. */
function send(action: string, body: Record<string, unknown>, secret = vendor.secret) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `/api/vendor/seamless/${action}`,
    payload: raw,
    headers: signedSeamlessHeaders(vendor.operatorId, secret, raw),
  });
}
async function call(action: string, body: Record<string, unknown>) {
  return (await send(action, body)).json();
}
const bet = (token: string, amount: string, currency = 'KRW', extra: Record<string, unknown> = {}) => ({
  token,
  transaction_id: randomUUID(),
  round_id: randomUUID(),
  game_code: GAME,
  amount,
  currency,
  ...extra,
});

describe('the seamless wallet beyond the conformance suite', () => {
  it('records bets and wins in the ledger with the reference the profit-and-loss report reads', async () => {
    const p = await newPlayer(t, { balance: 5_000n });
    const s = await sessionFor(p.memberId, { gameType: 'MINI' });
    const b = bet(s.token, '1000');
    await call('bet', b);
    await call('win', { ...bet(s.token, '1800'), round_id: b.round_id, transaction_id: 'w-' + b.transaction_id });
    const rows = await t.database.db
      .selectFrom('ledgerTransfer')
      .select(['kind', 'amount', 'reference', 'idempotencyKey'])
      .where('idempotencyKey', 'in', [
        `vendor:${VENDOR_ID}:${b.transaction_id}`,
        `vendor:${VENDOR_ID}:w-${b.transaction_id}`,
      ])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        kind: 'BET',
        amount: '1000',
        idempotencyKey: `vendor:${VENDOR_ID}:${b.transaction_id}`,
        reference: {
          vendorId: VENDOR_ID,
          gameCode: GAME,
          gameType: 'MINI',
          roundId: b.round_id,
          transactionId: b.transaction_id,
        },
      },
      expect.objectContaining({ kind: 'WIN', amount: '1800' }),
    ]);
  });

  it('closes a lost round with a win of 0 that moves nothing, answers it again the same, and refuses one with no bet standing', async () => {
    const p = await newPlayer(t, { balance: 5_000n });
    const s = await sessionFor(p.memberId);
    const b = bet(s.token, '1000');
    expect(await call('bet', b)).toMatchObject({ status: 'OK', balance: '4000' });
    const lost = { ...bet(s.token, '0'), round_id: b.round_id, transaction_id: 'w-' + b.transaction_id };
    const first = await call('win', lost);
    expect(first).toEqual({ status: 'OK', balance: '4000', currency: 'KRW', request_id: null });
    expect(await call('win', lost)).toEqual(first);
    const transfers = await t.database.db
      .selectFrom('ledgerTransfer')
      .select('id')
      .where('idempotencyKey', '=', `vendor:${VENDOR_ID}:${lost.transaction_id}`)
      .execute();
    expect(transfers).toEqual([]);

    // A round whose bet was rolled back, and a round never bet: refused, and no claim is left behind.
    const back = bet(s.token, '500');
    await call('bet', back);
    expect(
      await call('rollback', {
        token: s.token,
        transaction_id: 'rb-' + back.transaction_id,
        reference_transaction_id: back.transaction_id,
        round_id: back.round_id,
      }),
    ).toMatchObject({ status: 'OK', balance: '4000' });
    for (const round of [back.round_id, randomUUID()]) {
      const refused = { ...bet(s.token, '0'), round_id: round };
      expect(await call('win', refused)).toMatchObject({ status: 'TRANSACTION_NOT_FOUND', balance: '4000' });
      const claims = await t.database.db
        .selectFrom('seamlessTransaction')
        .select('transactionId')
        .where('vendorId', '=', VENDOR_ID)
        .where('transactionId', '=', refused.transaction_id)
        .execute();
      expect(claims).toEqual([]);
    }
  });

  it('plays a demo session on trial credit and never touches real money', async () => {
    const p = await newPlayer(t, { balance: 5_000n });
    await trialCredit(t, p.memberId, 9_000n);
    const s = await sessionFor(p.memberId, { mode: 'demo' });
    expect(s).toMatchObject({ currency: 'TRIAL', trial: true });
    expect(await call('bet', bet(s.token, '1000', 'TRIAL'))).toMatchObject({
      status: 'OK',
      balance: '8000',
      currency: 'TRIAL',
    });
    expect(await call('bet', bet(s.token, '1000', 'KRW'))).toMatchObject({ status: 'WRONG_CURRENCY' });
    const real = await t.services.ledger.balance({
      kind: 'MEMBER_MAIN',
      memberId: p.memberId,
      currency: 'KRW',
    });
    expect(real).toBe(5_000n);
  });

  it('gives a trial account no real-money session', async () => {
    const p = await newPlayer(t);
    await expect(sessionFor(p.memberId, { memberType: TRIAL_TYPE })).rejects.toMatchObject({
      code: 'TRIAL_NOT_ALLOWED',
    });
    await expect(sessionFor(p.memberId, { memberType: TRIAL_TYPE, mode: 'demo' })).resolves.toMatchObject({
      trial: true,
    });
  });

  it('refuses bets of a blocked player but still pays the win of a round already played', async () => {
    const p = await newPlayer(t, { balance: 5_000n });
    const s = await sessionFor(p.memberId);
    const b = bet(s.token, '1000');
    await call('bet', b);
    await t.database.db.updateTable('member').set({ status: 'DISABLED' }).where('id', '=', p.memberId).execute();
    expect(await call('authenticate', { token: s.token })).toMatchObject({ status: 'USER_BLOCKED' });
    expect(await call('bet', bet(s.token, '10'))).toMatchObject({ status: 'USER_BLOCKED', balance: '4000' });
    expect(await call('win', { ...bet(s.token, '500'), round_id: b.round_id })).toMatchObject({
      status: 'OK',
      balance: '4500',
    });
  });

  it('refuses bets above the limit with LIMIT_REACHED', async () => {
    const p = await newPlayer(t, { balance: 5_000n });
    const s = await sessionFor(p.memberId);
    expect(await call('bet', bet(s.token, '100000000001'))).toMatchObject({ status: 'LIMIT_REACHED', balance: '5000' });
  });

  it('takes no bets while the vendor is under maintenance, settles its rounds, and launches nothing new', async () => {
    const p = await newPlayer(t, { balance: 5_000n });
    const s = await sessionFor(p.memberId);
    const b = bet(s.token, '1000');
    await call('bet', b);
    await t.database.db.updateTable('vendor').set({ status: 'MAINTENANCE' }).where('id', '=', VENDOR_ID).execute();
    try {
      expect(await call('bet', bet(s.token, '10'))).toMatchObject({ status: 'INVALID_GAME' });
      expect(await call('win', { ...bet(s.token, '300'), round_id: b.round_id })).toMatchObject({
        status: 'OK',
        balance: '4300',
      });
      await expect(sessionFor(p.memberId)).rejects.toMatchObject({ code: 'GAME_MAINTENANCE', statusCode: 503 });
    } finally {
      await t.database.db.updateTable('vendor').set({ status: 'LIVE' }).where('id', '=', VENDOR_ID).execute();
    }
  });

  it('does not accept a token issued for another vendor', async () => {
    const p = await newPlayer(t, { balance: 5_000n });
    await t.database.db.updateTable('vendor').set({ status: 'LIVE' }).where('id', '=', 'HOUSE').execute();
    const other = await sessions().issue({
      memberId: p.memberId,
      memberType: 0,
      vendorId: 'HOUSE',
      gameCode: GAME,
      gameType: 'RNG',
      mode: 'real',
    });
    expect(await call('bet', bet(other.token, '10'))).toMatchObject({ status: 'INVALID_TOKEN', balance: null });
  });

  it('never shows a vendor secret or operator id to players', async () => {
    const res = await t.app.inject({ url: '/api/games/vendors' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(vendor.secret);
    expect(res.body).not.toContain(vendor.operatorId);
  });

  it('answers during site maintenance, which gates players, not vendors', async () => {
    const p = await newPlayer(t, { balance: 5_000n });
    const s = await sessionFor(p.memberId);
    await t.app.inject({
      method: 'PUT',
      url: '/api/ops/maintenance',
      headers: { 'x-operator-key': 'test-operator-key-0123' },
      payload: { enabled: true, title: 'x', info: 'y' },
    });
    try {
      expect(await call('balance', { token: s.token })).toMatchObject({ status: 'OK', balance: '5000' });
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: '/api/ops/maintenance',
        headers: { 'x-operator-key': 'test-operator-key-0123' },
        payload: { enabled: false },
      });
    }
  });
});

describe('the seamless wallet at the hot-row limit (decision 043)', () => {
  const clearingTotal = async () => {
    const rows = await t.database.db
      .selectFrom('ledgerAccount')
      .select(['shard', 'balance'])
      .where('kind', '=', 'VENDOR_CLEARING')
      .where('vendorId', '=', VENDOR_ID)
      .where('currency', '=', 'KRW')
      .execute();
    return { total: rows.reduce((s, r) => s + BigInt(r.balance), 0n), shards: new Set(rows.map((r) => r.shard)) };
  };
  const walletOf = (memberId: string) => t.services.ledger.balance({ kind: 'MEMBER_MAIN', memberId, currency: 'KRW' });

  it('loses and duplicates no money when 16 players bet, win, roll back and repeat calls at once across clearing shards', async () => {
    const players = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const p = await newPlayer(t, { balance: 100_000n });
        return { memberId: p.memberId, token: (await sessionFor(p.memberId)).token };
      }),
    );
    const before = await clearingTotal();
    const ROUNDS = 6;
    // Each player's rounds run in turn; the 16 players run at once, and every call is sent twice at
    // the same moment (a vendor's retry racing its first attempt).
    const twice = async (action: string, body: Record<string, unknown>) => {
      const [a, b] = await Promise.all([call(action, body), call(action, body)]);
      expect(b).toEqual(a);
      return a as { status: string; balance: string };
    };
    let calls = 0;
    const expected = await Promise.all(
      players.map(async (p, n) => {
        let balance = 100_000n;
        for (let r = 0; r < ROUNDS; r++) {
          const stake = BigInt(100 + n * 10 + r);
          const b = bet(p.token, stake.toString());
          expect(await twice('bet', b)).toMatchObject({ status: 'OK', balance: (balance - stake).toString() });
          balance -= stake;
          calls += 1;
          const ending = (n + r) % 3;
          if (ending === 0) {
            const win = stake * 2n;
            const w = { ...bet(p.token, win.toString()), round_id: b.round_id };
            expect(await twice('win', w)).toMatchObject({ status: 'OK', balance: (balance + win).toString() });
            balance += win;
            calls += 1;
          } else if (ending === 1) {
            const rb = {
              token: p.token,
              transaction_id: `rb-${randomUUID()}`,
              reference_transaction_id: b.transaction_id,
            };
            expect(await twice('rollback', rb)).toMatchObject({ status: 'OK', balance: (balance + stake).toString() });
            balance += stake;
            calls += 1;
          }
        }
        return balance;
      }),
    );
    let paidOut = 0n;
    for (const [i, p] of players.entries()) {
      expect(await walletOf(p.memberId)).toBe(expected[i]);
      paidOut += expected[i]! - 100_000n;
    }
    const after = await clearingTotal();
    // What the players lost, the vendor's clearing shards hold together: not a unit more or less.
    expect(after.total - before.total).toBe(-paidOut);
    // Consecutive member ids meet different shards: the bets did not all queue on one row.
    expect(after.shards.size).toBeGreaterThanOrEqual(8);
    // One ledger transfer per accepted call, although every call came twice.
    const accounts = t.database.db
      .selectFrom('ledgerAccount')
      .select('id')
      .where(
        'memberId',
        'in',
        players.map((p) => p.memberId),
      )
      .where('kind', '=', 'MEMBER_MAIN');
    const transfers = await t.database.db
      .selectFrom('ledgerTransfer')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', 'in', ['BET', 'WIN', 'ROLLBACK'])
      .where((eb) => eb.or([eb('fromAccountId', 'in', accounts), eb('toAccountId', 'in', accounts)]))
      .executeTakeFirstOrThrow();
    expect(Number(transfers.n)).toBe(calls);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('answers a bet sent again with its first answer, the same transfer id, while the first is in flight and after its token expired', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    const s = await sessionFor(p.memberId);
    const b = bet(s.token, '700', 'KRW', { request_id: 'first' });
    const answers = await Promise.all(Array.from({ length: 12 }, () => call('bet', b)));
    const first = answers[0] as { status: string; operator_transaction_id: string };
    expect(first).toMatchObject({ status: 'OK', balance: '9300', request_id: 'first' });
    for (const a of answers) expect(a).toEqual(first);
    await expireSession(s.sessionId);
    expect(await call('bet', { ...b, request_id: 'again' })).toEqual({ ...first, request_id: 'again' });
    expect(await call('bet', { ...b, amount: '701' })).toMatchObject({ status: 'DUPLICATE_TRANSACTION' });
    expect(await walletOf(p.memberId)).toBe(9_300n);
    const moved = await t.database.db
      .selectFrom('ledgerTransfer')
      .select('id')
      .where('idempotencyKey', '=', `vendor:${VENDOR_ID}:${b.transaction_id}`)
      .execute();
    expect(moved.map((m) => m.id)).toEqual([first.operator_transaction_id]);
  });

  it('leaves no claim behind when a bet is refused, so the same id is judged afresh later', async () => {
    const p = await newPlayer(t, { balance: 500n });
    const s = await sessionFor(p.memberId);
    const b = bet(s.token, '800');
    expect(await call('bet', b)).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: '500' });
    await paidIn(t, p.memberId, 500n);
    expect(await call('bet', b)).toMatchObject({ status: 'OK', balance: '200' });
    const w = { ...bet(s.token, '50'), round_id: 'no-such-round' };
    expect(await call('win', w)).toMatchObject({ status: 'TRANSACTION_NOT_FOUND', balance: '200' });
    expect(await call('win', { ...w, round_id: b.round_id })).toMatchObject({ status: 'OK', balance: '250' });
  });
});

describe('many wins in one call (decision 104)', () => {
  const walletOf = (memberId: string) => t.services.ledger.balance({ kind: 'MEMBER_MAIN', memberId, currency: 'KRW' });
  const winTransfers = (ids: string[]) =>
    t.database.db
      .selectFrom('ledgerTransfer')
      .select(['idempotencyKey', 'amount'])
      .where(
        'idempotencyKey',
        'in',
        ids.map((id) => `vendor:${VENDOR_ID}:${id}`),
      )
      .execute();
  /** A player with a session and one bet of 1,000 standing; its round's win as a `wins` item. */
  async function playerWithBet(balance = 5_000n) {
    const p = await newPlayer(t, { balance });
    const s = await sessionFor(p.memberId);
    const b = bet(s.token, '1000');
    expect(await call('bet', b)).toMatchObject({ status: 'OK' });
    const win = (amount: string) => ({ ...b, transaction_id: `${b.transaction_id}:win`, amount });
    return { memberId: p.memberId, session: s, win };
  }

  it('answers each win as its own win call would, pays each once, and answers a resent call the same without moving money', async () => {
    const [won, lost, expired, blocked] = await Promise.all([1, 2, 3, 4].map(() => playerWithBet()));
    await expireSession(expired!.session.sessionId);
    await t.database.db.updateTable('member').set({ status: 'DISABLED' }).where('id', '=', blocked!.memberId).execute();
    // On the lost round's player: the batch's wins run in parallel, so a refusal's balance is only
    // certain for a player whose other win moves nothing.
    const neverBet = { ...lost!.win('700'), transaction_id: randomUUID(), round_id: randomUUID() };
    const wins = [
      won!.win('2500'),
      lost!.win('0'),
      expired!.win('1800'),
      blocked!.win('1200'),
      neverBet,
      { ...won!.win('10'), transaction_id: randomUUID(), token: 'x'.repeat(40) },
      { ...lost!.win('10'), transaction_id: randomUUID(), currency: 'USD' },
    ];
    const first = await call('wins', { request_id: 'batch-1', wins });
    expect(first).toMatchObject({ status: 'OK', balance: null, request_id: 'batch-1' });
    expect(first.results).toEqual([
      expect.objectContaining({ status: 'OK', balance: '6500', currency: 'KRW', request_id: 'batch-1' }),
      { status: 'OK', balance: '4000', currency: 'KRW', request_id: 'batch-1' },
      // A win is owed after the token expired and to a blocked player (decision 012).
      expect.objectContaining({ status: 'OK', balance: '5800' }),
      expect.objectContaining({ status: 'OK', balance: '5200' }),
      { status: 'TRANSACTION_NOT_FOUND', balance: '4000', currency: 'KRW', request_id: 'batch-1' },
      { status: 'INVALID_TOKEN', balance: null, currency: null, request_id: 'batch-1' },
      { status: 'WRONG_CURRENCY', balance: '4000', currency: 'KRW', request_id: 'batch-1' },
    ]);
    expect(first.results[0].operator_transaction_id).toMatch(/^[0-9]+$/);

    // The same call again (a settler that lost the answer): the stored answers, nothing moves.
    const again = await call('wins', { request_id: 'batch-1', wins });
    expect(again.results).toEqual(first.results);
    const balances = await Promise.all([won, lost, expired, blocked].map((p) => walletOf(p!.memberId)));
    expect(balances).toEqual([6_500n, 4_000n, 5_800n, 5_200n]);
    const paid = await winTransfers(wins.map((w) => w.transaction_id));
    expect(paid.map((r) => r.amount).sort()).toEqual(['1200', '1800', '2500']);
    // The same id with another amount is a different call: refused alone; the call's other win (a
    // second win of the round, under its own id) is paid.
    const changed = await call('wins', {
      wins: [won!.win('9999'), { ...won!.win('1'), transaction_id: randomUUID() }],
    });
    expect(changed.results.map((r: { status: string }) => r.status)).toEqual(['DUPLICATE_TRANSACTION', 'OK']);
    expect(await walletOf(won!.memberId)).toBe(6_501n);
  });

  it('refuses as a whole, changing nothing, a call over 100 wins, one naming a transaction twice, an empty one and a badly signed one', async () => {
    const p = await playerWithBet();
    const item = p.win('500');
    const many = Array.from({ length: 101 }, (_, i) => ({ ...item, transaction_id: `${item.transaction_id}-${i}` }));
    for (const wins of [many, [item, item], []]) {
      const res = await send('wins', { wins });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'INVALID_REQUEST' });
    }
    // A body over 64 KB is refused before it is read (the signature is not even checked).
    const huge = await send('wins', { wins: [{ ...item, round_id: 'r'.repeat(70 * 1024) }] });
    expect(huge.statusCode).toBe(413);
    const forged = await send('wins', { wins: [item] }, 'not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect(await walletOf(p.memberId)).toBe(4_000n);
    expect(await winTransfers([item.transaction_id, ...many.map((w) => w.transaction_id)])).toEqual([]);
    // A full call of 100 is within the body limit and paid.
    const hundred = await Promise.all(Array.from({ length: 100 }, () => playerWithBet()));
    const answer = await call('wins', { wins: hundred.map((h) => h.win('1500')) });
    expect(answer.results).toHaveLength(100);
    expect(
      answer.results.every((r: { status: string; balance: string }) => r.status === 'OK' && r.balance === '5500'),
    ).toBe(true);
  });

  it('pays each win once when two settlers send overlapping wins calls at once, three times over', async () => {
    const players = await Promise.all(Array.from({ length: 24 }, () => playerWithBet()));
    const wins = players.map((p, i) => p.win(String(1000 + i)));
    // Two settlers: one sends the first 16, the other the last 16 (8 in both), each call three times.
    const calls = [wins.slice(0, 16), wins.slice(8)].flatMap((ws) => [ws, ws, ws]);
    const answers = await Promise.all(calls.map((ws) => call('wins', { wins: ws })));
    for (const a of answers) expect(a.results.every((r: { status: string }) => r.status === 'OK')).toBe(true);
    const balances = await Promise.all(players.map((p) => walletOf(p.memberId)));
    expect(balances).toEqual(players.map((_, i) => 4_000n + 1000n + BigInt(i)));
    expect(await winTransfers(wins.map((w) => w.transaction_id))).toHaveLength(24);
  });
});
