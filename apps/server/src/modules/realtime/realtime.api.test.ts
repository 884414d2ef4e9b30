import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loginAs } from '../../../test/auth-helpers.ts';
import { asOperator, startTestApp, type TestApp } from '../../../test/test-app.ts';
import { openTestSocket } from '../../../test/test-socket.ts';
import { openDatabase } from '../../db/client.ts';
import { asPlayer, newPlayer, requestId, withdrawalOf } from '../wallet/cashier.test-helpers.ts';
import { ledgerService } from '../wallet/ledger.service.ts';
import { ledgerRepository } from '../wallet/ledger.repository.ts';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';

let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  t = await startTestApp();
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = url.replace('http', 'ws') + '/ws';
});
afterAll(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

/** Opens /ws, sends the first message, and collects what the server says. */
const connect = (first: unknown, origin?: string) => openTestSocket(wsUrl, { first, origin });

const deposit = async (account: string, amount: bigint, key: string) => {
  const m = await t.database.db
    .selectFrom('member')
    .select('id')
    .where('accountKey', '=', account)
    .executeTakeFirstOrThrow();
  await t.services.ledger.transfer({
    idempotencyKey: key,
    kind: 'DEPOSIT',
    from: { kind: 'PAYMENT_CLEARING', currency: 'KRW' },
    to: { kind: 'MEMBER_MAIN', memberId: m.id, currency: 'KRW' },
    amount,
  });
};

describe('the live channel', () => {
  it('pushes a balance change to every tab of the player the moment the money moves', async () => {
    const { token } = (await loginAs(t.app, 'demo01', 'Demo1234')).json().value;
    // The wallet exists before the tabs join: its opening at 0 is a change of its own, which the
    // quarter-second read may or may not see before the deposit lands (decision 106).
    const member = await t.database.db
      .selectFrom('member')
      .select('id')
      .where('accountKey', '=', 'demo01')
      .executeTakeFirstOrThrow();
    await t.services.ledger.ensureAccount({ kind: 'MEMBER_MAIN', memberId: String(member.id), currency: 'KRW' });
    const tab1 = connect({ type: 'auth', token });
    const tab2 = connect({ type: 'auth', token });
    await tab1.waitFor((m) => m.type === 'ready');
    await tab2.waitFor((m) => m.type === 'ready');
    await deposit('demo01', 5000n, 'ws-deposit-1');
    for (const tab of [tab1, tab2]) {
      const ev = await tab.waitFor((m) => m.type === 'balance');
      expect(ev).toEqual({ type: 'balance', kind: 'MEMBER_MAIN', currency: 'KRW', balance: '5000' });
    }
    tab1.ws.close();
    tab2.ws.close();
  });

  it("tells nobody else about a player's money", async () => {
    const other = (await loginAs(t.app, 'agent01', 'Agent1234')).json().value.token;
    const tab = connect({ type: 'auth', token: other });
    await tab.waitFor((m) => m.type === 'ready');
    await deposit('demo01', 1n, 'ws-deposit-2');
    await new Promise((r) => setTimeout(r, 300));
    expect(tab.messages.filter((m) => m.type === 'balance')).toEqual([]);
    tab.ws.close();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'reaches a player connected here when another server instance moves the money',
    async () => {
      const other = await openDatabase({ databaseUrl: t.database.url!, dataDir: '' });
      try {
        const { token } = (await loginAs(t.app, 'demo01', 'Demo1234')).json().value;
        const tab = connect({ type: 'auth', token });
        await tab.waitFor((m) => m.type === 'ready');
        const m = await other.db
          .selectFrom('member')
          .select('id')
          .where('accountKey', '=', 'demo01')
          .executeTakeFirstOrThrow();
        const r = await ledgerService(ledgerRepository(other.db)).transfer({
          idempotencyKey: 'ws-other-instance',
          kind: 'DEPOSIT',
          from: { kind: 'PAYMENT_CLEARING', currency: 'KRW' },
          to: { kind: 'MEMBER_MAIN', memberId: m.id, currency: 'KRW' },
          amount: 10n,
        });
        const ev = await tab.waitFor((x) => x.type === 'balance' && x.balance === r.toBalance.toString());
        expect(ev.currency).toBe('KRW');
        tab.ws.close();
      } finally {
        await other.close();
      }
    },
  );

  it('closes a socket that does not authenticate, or authenticates with a dead token', async () => {
    const bad = connect({ type: 'auth', token: 'x'.repeat(43) });
    expect(await bad.closed).toBe(4401);
    const junk = connect('hello');
    expect(await junk.closed).toBe(4401);
  });

  it('applies the REST session rules: a session that must change its password is refused', async () => {
    const forced = (await loginAs(t.app, 'newbie01', 'Aurora2023')).json().value;
    expect(forced.mustChangePassword).toBe(true);
    const tab = connect({ type: 'auth', token: forced.token });
    expect(await tab.closed).toBe(4403);
    expect(tab.messages).toEqual([]);
  });

  it('accepts a page of this site and refuses one of another site before the upgrade', async () => {
    const { token } = (await loginAs(t.app, 'demo01', 'Demo1234')).json().value;
    const own = connect({ type: 'auth', token }, new URL(wsUrl).origin.replace('ws', 'http'));
    await own.waitFor((m) => m.type === 'ready');
    own.ws.close();

    const foreign = new WebSocket(wsUrl, { origin: 'https://evil.example' });
    const refused = await new Promise<number>((resolve, reject) => {
      foreign.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      foreign.on('open', () => reject(new Error('a foreign page opened the channel')));
      foreign.on('error', () => undefined);
    });
    expect(refused).toBe(403);
  });

  it('sends the cashier counters on connect and again whenever they change', async () => {
    const PIN = 'pay-4321';
    const p = await newPlayer(t, { balance: 100_000n, paymentPassword: PIN });
    const me = asPlayer(t, p);
    const operator = (url: string, id: string) =>
      t.app.inject({ method: 'PUT', url, headers: asOperator, payload: { id } });
    const tab = connect({ type: 'auth', token: p.token });
    const counters = () => tab.messages.filter((m) => m.type === 'counters');
    // The counters that arrive after now include these (a change that keeps them, like a new
    // withdrawal waiting for the operator, may send the same counters again first).
    const next = async (expected: { withdrawalsToConfirm: number; depositsPending: number }) => {
      const seen = counters().length;
      const ev = await tab.waitFor(
        (m) =>
          m.type === 'counters' &&
          counters().indexOf(m) >= seen &&
          m.withdrawalsToConfirm === expected.withdrawalsToConfirm &&
          m.depositsPending === expected.depositsPending,
      );
      expect(ev).toMatchObject({ type: 'counters', ...expected });
    };
    await tab.waitFor((m) => m.type === 'counters');
    expect(counters()).toEqual([{ type: 'counters', withdrawalsToConfirm: 0, depositsPending: 0, messages: 0 }]);

    let seen = next({ withdrawalsToConfirm: 0, depositsPending: 1 });
    const deposit = await me.post('/api/cashier/deposits', {
      methodCode: 'BANK_TRANSFER',
      amount: '20000',
      payerName: 'Hong Gildong',
      requestId: requestId(),
    });
    await seen;
    seen = next({ withdrawalsToConfirm: 0, depositsPending: 0 });
    await operator('/api/ops/deposits/confirm', deposit.json().value.id);
    await seen;

    const w = await withdrawalOf(t, p, '30000', { paymentPassword: PIN });
    seen = next({ withdrawalsToConfirm: 1, depositsPending: 0 });
    await operator('/api/ops/withdrawals/approve', w.id);
    await seen;
    seen = next({ withdrawalsToConfirm: 0, depositsPending: 0 });
    await me.post('/api/cashier/withdrawals/confirm', { id: w.id, result: 'RECEIVED' });
    await seen;
    tab.ws.close();
  });

  it("never sends a player another member's counters", async () => {
    const watcher = await newPlayer(t);
    const tab = connect({ type: 'auth', token: watcher.token });
    await tab.waitFor((m) => m.type === 'counters');
    const other = await newPlayer(t);
    await asPlayer(t, other).post('/api/cashier/deposits', {
      methodCode: 'BANK_TRANSFER',
      amount: '20000',
      payerName: 'Kim',
      requestId: requestId(),
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(tab.messages.filter((m) => m.type === 'counters')).toEqual([
      { type: 'counters', withdrawalsToConfirm: 0, depositsPending: 0, messages: 0 },
    ]);
    tab.ws.close();
  });
});
