import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loginAs } from '../../../test/auth-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { openDatabase } from '../../db/client.ts';
import { ledgerService } from '../wallet/ledger.service.ts';
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
function connect(first: unknown) {
  const ws = new WebSocket(wsUrl);
  const messages: Record<string, unknown>[] = [];
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  const waitFor = (pred: (m: Record<string, unknown>) => boolean, ms = 5000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const found = messages.find(pred);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error(`no such message in ${JSON.stringify(messages)}`)), ms);
      ws.on('message', () => {
        const m = messages.find(pred);
        if (m) {
          clearTimeout(timer);
          resolve(m);
        }
      });
    });
  ws.on('message', (d) => messages.push(JSON.parse(String(d))));
  ws.on('open', () => ws.send(JSON.stringify(first)));
  return { ws, messages, closed, waitFor };
}

const deposit = async (account: string, amount: bigint, key: string) => {
  const m = await t.database.db
    .selectFrom('member')
    .select('id')
    .where('accountKey', '=', account)
    .executeTakeFirstOrThrow();
  await ledgerService(t.database.db).transfer({
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
        const r = await ledgerService(other.db).transfer({
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
});
