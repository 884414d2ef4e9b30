import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, enrolStaff, type StaffClient } from '../../../test/staff-helpers.ts';
import { openTestSocket } from '../../../test/test-socket.ts';
import { redisCases, startTwoInstances, type TwoInstances } from '../../../test/two-instances.ts';
import { newPlayer, type TestPlayer } from '../wallet/cashier.test-helpers.ts';

/**
 * Two instances on one PostgreSQL, as behind a load balancer: the readers' sockets are on B, the
 * messages and the moderation go to A. Chat events travel A → PostgreSQL NOTIFY → B, with or without
 * Redis (decision 056).
 */
const join = (p?: TestPlayer) => ({ first: p ? { type: 'join', token: p.token } : { type: 'join' } });

describe.skipIf(!process.env.TEST_DATABASE_URL).each(redisCases())(
  'the chat room across two instances, $label',
  ({ redis }) => {
    let two: TwoInstances;
    let wsUrl: string;
    let staff: StaffClient;
    beforeAll(async () => {
      two = await startTwoInstances(redis, { RATE_LIMIT_SCALE: '100' });
      wsUrl = two.url.replace('http', 'ws') + '/ws/chat';
      await createOwner(two.b);
      staff = await enrolStaff(two.b.app, 'owner', () => new Date());
    });
    afterAll(async () => two?.close());

    it('brings a message sent on A to a guest and a member connected to B, and its removal too', async () => {
      const { a, b } = two;
      const writer = await newPlayer(b);
      const listener = await newPlayer(b);
      const guest = openTestSocket(wsUrl, join());
      const member = openTestSocket(wsUrl, join(listener));
      try {
        await guest.waitFor((m) => m.type === 'ready');
        await member.waitFor((m) => m.type === 'ready');
        const sent = await a.inject({
          method: 'POST',
          url: '/api/chat-room/messages',
          headers: { authorization: `Bearer ${writer.token}` },
          payload: { body: 'from instance A 🚀', requestId: randomUUID() },
        });
        expect(sent.statusCode, sent.body).toBe(200);
        const id = sent.json().value.id as string;
        for (const s of [guest, member])
          await s.waitFor(
            (m) => m.type === 'message' && (m.message as { id: string; body: string }).body === 'from instance A 🚀',
          );
        const removed = await a.inject({
          method: 'POST',
          url: '/api/bo/chat-room/messages/delete',
          headers: staff.headers,
          payload: { id },
        });
        expect(removed.json().value).toEqual({ deleted: true });
        for (const s of [guest, member]) await s.waitFor((m) => m.type === 'deleted' && m.id === id);
      } finally {
        guest.ws.close();
        member.ws.close();
      }
    });
  },
);
