import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { asOperator } from '../../../test/test-app.ts';
import { openTestSocket } from '../../../test/test-socket.ts';
import { redisCases, startTwoInstances, type TwoInstances } from '../../../test/two-instances.ts';
import { asPlayer, newPlayer, requestId } from '../wallet/cashier.test-helpers.ts';

/**
 * Two server instances on one PostgreSQL, as behind a load balancer: the player's socket is on B, the
 * money moves through HTTP calls on A. The push goes A → PostgreSQL NOTIFY → B (decision 010), with or
 * without Redis (which the instances share for rate limits only).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL).each(redisCases())(
  'live push across two instances, $label',
  ({ redis }) => {
    let two: TwoInstances;
    beforeAll(async () => {
      two = await startTwoInstances(redis);
    });
    afterAll(async () => two?.close());
    verifyLedgerAfterEach(() => two?.b.database.db);

    it("delivers the counters and the balance on B when the operator confirms the player's deposit on A", async () => {
      const { a, b } = two;
      const player = await newPlayer(b);
      const { ws, messages, waitFor } = openTestSocket(two.url.replace('http', 'ws') + '/ws', {
        first: { type: 'auth', token: player.token },
      });
      try {
        expect(await waitFor((m) => m.type === 'ready')).toBeDefined();
        const onA = asPlayer({ ...b, app: a }, player);
        const deposit = await onA.post('/api/cashier/deposits', {
          methodCode: 'BANK_TRANSFER',
          amount: '25000',
          payerName: 'Hong Gildong',
          requestId: requestId(),
        });
        expect(deposit.statusCode, deposit.body).toBe(200);
        expect(messages.filter((m) => m.type === 'balance')).toEqual([]);
        // The counters follow the same way: the new pending deposit is counted on B.
        expect(await waitFor((m) => m.type === 'counters' && m.depositsPending === 1)).toBeDefined();
        const confirmed = await a.inject({
          method: 'PUT',
          url: '/api/ops/deposits/confirm',
          headers: asOperator,
          payload: { id: deposit.json().value.id },
        });
        expect(confirmed.json().value.changed).toBe(true);
        expect(await waitFor((m) => m.type === 'balance')).toEqual({
          type: 'balance',
          kind: 'MEMBER_MAIN',
          currency: 'KRW',
          balance: '25000',
        });
      } finally {
        ws.close();
      }
    });
  },
);
