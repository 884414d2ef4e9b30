import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, enrolStaff, type StaffClient } from '../../../test/staff-helpers.ts';
import { openTestSocket } from '../../../test/test-socket.ts';
import { redisCases, startTwoInstances, type TwoInstances } from '../../../test/two-instances.ts';
import { newPlayer } from '../wallet/cashier.test-helpers.ts';

/**
 * Two instances on one PostgreSQL, as behind a load balancer: the player's and staff's sockets are on
 * B, the calls go to A. Support events travel A → PostgreSQL NOTIFY → B, with or without Redis.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL).each(redisCases())(
  'live support across two instances, $label',
  ({ redis }) => {
    let two: TwoInstances;
    let wsBase: string;
    let staff: StaffClient;
    beforeAll(async () => {
      two = await startTwoInstances(redis, { RATE_LIMIT_SCALE: '100' });
      wsBase = two.url.replace('http', 'ws');
      await createOwner(two.b);
      staff = await enrolStaff(two.b.app, 'owner', () => new Date());
    });
    afterAll(async () => two?.close());

    it('delivers on B what the player and staff send through A', async () => {
      const { a, b } = two;
      const p = await newPlayer(b);
      const player = openTestSocket(`${wsBase}/ws/support`, { first: { type: 'auth', token: p.token } });
      const desk = openTestSocket(`${wsBase}/api/bo/support/live`, { headers: { cookie: staff.cookie } });
      try {
        await player.waitFor((m) => m.type === 'ready');
        await desk.waitFor((m) => m.type === 'ready');
        const sent = await a.inject({
          method: 'POST',
          url: '/api/support/messages',
          headers: { authorization: `Bearer ${p.token}` },
          payload: { body: 'from instance A', requestId: randomUUID() },
        });
        expect(sent.statusCode, sent.body).toBe(200);
        await desk.waitFor((m) => m.type === 'message' && (m.message as { body: string }).body === 'from instance A');
        const conversationId = sent.json().value.conversationId as string;
        const typing = await a.inject({
          method: 'POST',
          url: '/api/bo/support/typing',
          headers: staff.headers,
          payload: { conversationId },
        });
        expect(typing.json().value).toEqual({ ok: true });
        await player.waitFor((m) => m.type === 'typing' && m.by === 'STAFF');
        await a.inject({
          method: 'POST',
          url: '/api/bo/support/messages',
          headers: staff.headers,
          payload: { conversationId, body: 'answer through A', requestId: randomUUID() },
        });
        await player.waitFor(
          (m) => m.type === 'message' && (m.message as { body: string }).body === 'answer through A',
        );
      } finally {
        player.ws.close();
        desk.ws.close();
      }
    });
  },
);
