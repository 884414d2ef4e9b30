import { randomUUID } from 'node:crypto';
import type { SeamlessAction, SeamlessAnswer } from '@portal/contracts/games/seamless.contract.ts';
import { SEAMLESS_PREFIX } from '@portal/contracts/games/seamless.contract.ts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signedSeamlessHeaders } from '../src/modules/games/seamless-signature.ts';

/** A game session the operator issued for a fresh player holding `balance` minor units. */
export interface ConformanceSession {
  token: string;
  gameCode: string;
  currency: string;
  /** Makes the token expire now (the operator's own way: a test database update, an admin call…). */
  expire(): Promise<void>;
}

export interface ConformanceTarget {
  /** The operator API in this process, or… */
  inject?: FastifyInstance;
  /** …a running one, e.g. `http://127.0.0.1:8080`. */
  baseUrl?: string;
  /** The vendor under test as the operator knows it: its X-Operator-Id and shared secret. */
  vendorId: string;
  operatorId: string;
  secret: string;
  makeSession(balance: bigint): Promise<ConformanceSession>;
  /** The ledger invariants (DESIGN.md §2); violations, none when all is well. */
  verifyLedger?(): Promise<unknown[]>;
  /** Set to skip the concurrency case where transactions do not run side by side (PGlite). */
  concurrencySkipReason?: string;
}

interface Sent {
  http: number;
  body: SeamlessAnswer;
  /** The answer's bytes as they came over the wire. */
  text: string;
}

/**
 * The conformance suite of DESIGN.md §3, runnable against the operator API for any vendor: it plays
 * the vendor's part with correctly (and incorrectly) signed calls and checks the operator's answers
 * and balances. `target` is read when the tests run, so a `beforeAll` can fill it in.
 */
export function runSeamlessConformance(name: string, target: () => ConformanceTarget): void {
  const t = () => target();

  async function sendRaw(action: SeamlessAction, raw: string, headers: Record<string, string>): Promise<Sent> {
    const { inject, baseUrl } = t();
    const url = `${SEAMLESS_PREFIX}/${action}`;
    if (inject) {
      const res = await inject.inject({ method: 'POST', url, payload: raw, headers });
      return { http: res.statusCode, body: res.json(), text: res.body };
    }
    const res = await fetch(`${baseUrl}${url}`, { method: 'POST', body: raw, headers });
    const text = await res.text();
    return { http: res.status, body: JSON.parse(text) as SeamlessAnswer, text };
  }
  const send = (action: SeamlessAction, body: Record<string, unknown>, nowSeconds?: number) => {
    const raw = JSON.stringify({ request_id: randomUUID(), ...body });
    return sendRaw(action, raw, signedSeamlessHeaders(t().operatorId, t().secret, raw, nowSeconds));
  };

  let round = 0;
  const ids = () => ({ transaction_id: `conf-${randomUUID()}`, round_id: `round-${++round}-${randomUUID()}` });
  const play = (s: ConformanceSession, amount: string, extra: Record<string, unknown> = {}) => ({
    token: s.token,
    game_code: s.gameCode,
    currency: s.currency,
    amount,
    ...ids(),
    ...extra,
  });
  const balanceOf = async (s: ConformanceSession) => (await send('balance', { token: s.token })).body.balance;

  describe(`seamless-wallet conformance: ${name}`, () => {
    it('authenticates a launch token and answers with the balance and currency', async () => {
      const s = await t().makeSession(10_000n);
      const r = await send('authenticate', { token: s.token, request_id: 'req-auth-1' });
      expect(r.http).toBe(200);
      expect(r.body).toMatchObject({ status: 'OK', balance: '10000', currency: s.currency, request_id: 'req-auth-1' });
      const unknown = await send('authenticate', { token: 'x'.repeat(43) });
      expect(unknown.body.status).toBe('INVALID_TOKEN');
    });

    it('takes a bet once and answers a replay with the stored answer', async () => {
      const s = await t().makeSession(10_000n);
      const bet = play(s, '700');
      const first = await send('bet', bet);
      expect(first.body).toMatchObject({ status: 'OK', balance: '9300' });
      await send('bet', play(s, '300'));
      const again = await send('bet', { ...bet, request_id: 'retry-1' });
      expect(again.body).toMatchObject({ status: 'OK', balance: '9300', currency: s.currency, request_id: 'retry-1' });
      expect(await balanceOf(s)).toBe('9000');
    });

    it('refuses the same transaction id with another payload and changes nothing', async () => {
      const s = await t().makeSession(10_000n);
      const bet = play(s, '500');
      await send('bet', bet);
      const other = await send('bet', { ...bet, amount: '900' });
      expect(other.body.status).toBe('DUPLICATE_TRANSACTION');
      const asWin = await send('win', { ...bet, amount: '900' });
      expect(asWin.body.status).toBe('DUPLICATE_TRANSACTION');
      expect(await balanceOf(s)).toBe('9500');
    });

    it('leaves a tombstone when a rollback arrives before its bet, so the late bet is refused', async () => {
      const s = await t().makeSession(10_000n);
      const bet = play(s, '800');
      const rollback = await send('rollback', {
        token: s.token,
        transaction_id: `rb-${randomUUID()}`,
        reference_transaction_id: bet.transaction_id,
        round_id: bet.round_id,
      });
      expect(rollback.body).toMatchObject({ status: 'TRANSACTION_NOT_FOUND', balance: '10000' });
      const late = await send('bet', bet);
      expect(late.body.status).toBe('BET_ALREADY_SETTLED');
      expect(await balanceOf(s)).toBe('10000');
    });

    it('rolls a bet back once, refunding it, and answers a replayed rollback the same way', async () => {
      const s = await t().makeSession(10_000n);
      const bet = play(s, '1200');
      await send('bet', bet);
      const rb = { token: s.token, transaction_id: `rb-${randomUUID()}`, reference_transaction_id: bet.transaction_id };
      expect((await send('rollback', rb)).body).toMatchObject({ status: 'OK', balance: '10000' });
      expect((await send('rollback', rb)).body).toMatchObject({ status: 'OK', balance: '10000' });
      const second = await send('rollback', { ...rb, transaction_id: `rb-${randomUUID()}` });
      expect(second.body.status).toBe('BET_ALREADY_SETTLED');
      expect(await balanceOf(s)).toBe('10000');
    });

    it('refuses to roll back a bet whose round is settled', async () => {
      const s = await t().makeSession(10_000n);
      const bet = play(s, '1000');
      await send('bet', bet);
      const win = await send('win', { ...play(s, '2500'), round_id: bet.round_id });
      expect(win.body).toMatchObject({ status: 'OK', balance: '11500' });
      const rb = await send('rollback', {
        token: s.token,
        transaction_id: `rb-${randomUUID()}`,
        reference_transaction_id: bet.transaction_id,
      });
      expect(rb.body).toMatchObject({ status: 'BET_ALREADY_SETTLED', balance: '11500' });
    });

    it('accepts a win and a rollback after the token expired, and refuses a new bet', async () => {
      const s = await t().makeSession(10_000n);
      const won = play(s, '400');
      const cancelled = play(s, '600');
      await send('bet', won);
      await send('bet', cancelled);
      await s.expire();
      const win = await send('win', { ...play(s, '1000'), round_id: won.round_id });
      expect(win.body).toMatchObject({ status: 'OK', balance: '10000' });
      const rb = await send('rollback', {
        token: s.token,
        transaction_id: `rb-${randomUUID()}`,
        reference_transaction_id: cancelled.transaction_id,
      });
      expect(rb.body).toMatchObject({ status: 'OK', balance: '10600' });
      const bet = await send('bet', play(s, '100'));
      expect(bet.body).toMatchObject({ status: 'TOKEN_EXPIRED', balance: '10600' });
    });

    it('refuses a win for a round that has no bet', async () => {
      const s = await t().makeSession(10_000n);
      expect((await send('win', play(s, '100'))).body.status).toBe('TRANSACTION_NOT_FOUND');
      expect(await balanceOf(s)).toBe('10000');
    });

    it('refuses a bad signature, a tampered body and an unknown operator id with 401', async () => {
      const s = await t().makeSession(10_000n);
      const raw = JSON.stringify(play(s, '100'));
      const headers = signedSeamlessHeaders(t().operatorId, t().secret, raw);
      const wrongKey = await sendRaw('bet', raw, signedSeamlessHeaders(t().operatorId, 'not-the-secret', raw));
      expect(wrongKey).toMatchObject({ http: 401, body: { status: 'INVALID_SIGNATURE' } });
      const tampered = await sendRaw('bet', raw.replace('"100"', '"1"'), headers);
      expect(tampered).toMatchObject({ http: 401, body: { status: 'INVALID_SIGNATURE' } });
      const stranger = await sendRaw('bet', raw, { ...headers, 'x-operator-id': 'nobody' });
      expect(stranger).toMatchObject({ http: 401, body: { status: 'INVALID_SIGNATURE' } });
      const unsigned = await sendRaw('bet', raw, { 'content-type': 'application/json' });
      expect(unsigned.http).toBe(401);
      expect(await balanceOf(s)).toBe('10000');
    });

    it('refuses a stale or future timestamp even with a valid signature', async () => {
      const s = await t().makeSession(10_000n);
      const now = Math.floor(Date.now() / 1000);
      expect((await send('bet', play(s, '100'), now - 120)).body.status).toBe('INVALID_SIGNATURE');
      expect((await send('bet', play(s, '100'), now + 120)).body.status).toBe('INVALID_SIGNATURE');
      expect(await balanceOf(s)).toBe('10000');
    });

    it('refuses a bet above the balance with INSUFFICIENT_FUNDS and changes nothing', async () => {
      const s = await t().makeSession(1_000n);
      const bet = play(s, '1001');
      expect((await send('bet', bet)).body).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: '1000' });
      expect(await balanceOf(s)).toBe('1000');
      // Nothing was kept under that id: the same bet is judged afresh once it fits.
      expect((await send('bet', { ...bet, amount: '1000' })).body).toMatchObject({ status: 'OK', balance: '0' });
    });

    it('refuses another currency and another game than the session was issued for', async () => {
      const s = await t().makeSession(1_000n);
      expect((await send('bet', play(s, '10', { currency: 'USD' }))).body.status).toBe('WRONG_CURRENCY');
      expect((await send('bet', play(s, '10', { game_code: 'another-game' }))).body.status).toBe('INVALID_GAME');
      expect(await balanceOf(s)).toBe('1000');
    });

    it('answers a signed body it cannot read with 400 and changes nothing', async () => {
      const s = await t().makeSession(1_000n);
      for (const amount of ['-5', '1.5', '1e3', 'ten']) {
        const r = await send('bet', play(s, amount));
        expect(r, amount).toMatchObject({ http: 400, body: { status: 'INVALID_REQUEST' } });
      }
      expect(await balanceOf(s)).toBe('1000');
    });

    it('refuses a JSON amount written with an exponent or a fraction even when it is whole', async () => {
      const s = await t().makeSession(5_000n);
      for (const written of ['1e3', '1E3', '100.0', '1.0e2']) {
        const raw = JSON.stringify({ request_id: randomUUID(), ...play(s, '0') }).replace(
          '"amount":"0"',
          `"amount":${written}`,
        );
        const r = await sendRaw('bet', raw, signedSeamlessHeaders(t().operatorId, t().secret, raw));
        expect(r, written).toMatchObject({ http: 400, body: { status: 'INVALID_REQUEST' } });
      }
      // A plain JSON integer is an amount like its string.
      const raw = JSON.stringify({ request_id: randomUUID(), ...play(s, '0') }).replace(
        '"amount":"0"',
        '"amount":1000',
      );
      const plain = await sendRaw('bet', raw, signedSeamlessHeaders(t().operatorId, t().secret, raw));
      expect(plain.body).toMatchObject({ status: 'OK', balance: '4000' });
    });

    it('refuses an amount no wallet could hold as INVALID_REQUEST, so the vendor does not retry it', async () => {
      const s = await t().makeSession(1_000n);
      for (const amount of ['9999999999999999999', '9007199254740992', '99999999999999999999999']) {
        const r = await send('bet', play(s, amount));
        expect(r, amount).toMatchObject({ http: 400, body: { status: 'INVALID_REQUEST' } });
      }
      const raw = JSON.stringify({ request_id: randomUUID(), ...play(s, '0') }).replace(
        '"amount":"0"',
        '"amount":9007199254740993',
      );
      const asNumber = await sendRaw('bet', raw, signedSeamlessHeaders(t().operatorId, t().secret, raw));
      expect(asNumber).toMatchObject({ http: 400, body: { status: 'INVALID_REQUEST' } });
      // The largest amount the protocol carries is a business question: above the bet limit.
      expect((await send('bet', play(s, '9007199254740991'))).body.status).toBe('LIMIT_REACHED');
      expect(await balanceOf(s)).toBe('1000');
    });

    it('answers a replayed bet, win and rollback with the very bytes of the first answer', async () => {
      const s = await t().makeSession(10_000n);
      const resend = async (action: SeamlessAction, body: Record<string, unknown>) => {
        const raw = JSON.stringify({ request_id: randomUUID(), ...body });
        const headers = () => signedSeamlessHeaders(t().operatorId, t().secret, raw);
        const first = await sendRaw(action, raw, headers());
        const again = await sendRaw(action, raw, headers());
        expect(first.body.status, action).toBe('OK');
        expect(first.body.operator_transaction_id, action).toBeTruthy();
        expect(again.text, action).toBe(first.text);
      };
      const won = play(s, '300');
      await resend('bet', won);
      await resend('win', { ...play(s, '700'), round_id: won.round_id });
      const lost = play(s, '200');
      await resend('bet', lost);
      await resend('rollback', {
        token: s.token,
        transaction_id: `rb-${randomUUID()}`,
        reference_transaction_id: lost.transaction_id,
      });
    });

    it('never overdraws a wallet under 50 concurrent bets', async (ctx) => {
      const reason = t().concurrencySkipReason;
      if (reason) ctx.skip(reason);
      const s = await t().makeSession(2_500n);
      const answers = await Promise.all(Array.from({ length: 50 }, () => send('bet', play(s, '100'))));
      const statuses = answers.map((a) => a.body.status);
      expect(statuses.filter((x) => x === 'OK')).toHaveLength(25);
      expect(statuses.filter((x) => x !== 'OK').every((x) => x === 'INSUFFICIENT_FUNDS')).toBe(true);
      expect(await balanceOf(s)).toBe('0');
    });

    it('applies one bet sent 10 times at once exactly once, racing its own rollback', async (ctx) => {
      const reason = t().concurrencySkipReason;
      if (reason) ctx.skip(reason);
      const s = await t().makeSession(10_000n);
      const bet = play(s, '1000');
      const answers = await Promise.all(Array.from({ length: 10 }, () => send('bet', bet)));
      expect(new Set(answers.map((a) => `${a.body.status}:${a.body.balance}`))).toEqual(new Set(['OK:9000']));
      const raced = play(s, '500');
      const rb = {
        token: s.token,
        transaction_id: `rb-${randomUUID()}`,
        reference_transaction_id: raced.transaction_id,
      };
      await Promise.all([send('bet', raced), send('rollback', rb), send('bet', raced), send('rollback', rb)]);
      // Whichever came first, the bet does not stand: refunded, or refused by the tombstone.
      expect(await balanceOf(s)).toBe('9000');
    });

    it('leaves the ledger balanced', async (ctx) => {
      const verify = t().verifyLedger;
      if (!verify) ctx.skip('no ledger access for this target');
      else expect(await verify()).toEqual([]);
    });
  });
}
