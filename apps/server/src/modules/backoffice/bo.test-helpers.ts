import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../../test/test-app.ts';
import { signedSeamlessHeaders } from '../games/seamless-signature.ts';

export interface TestVendor {
  id: string;
  operatorId: string;
  secret: string;
}

/** An outside seamless vendor registered the way an operator registers one. */
export async function registerTestVendor(t: TestApp, id: string): Promise<TestVendor> {
  const row = await t.database.db
    .insertInto('vendor')
    .values({ id, name: `${id} Vendor`, logoUrl: '/x.svg', mode: 'SEAMLESS', status: 'LIVE', sort: 99 })
    .returning(['operatorId', 'secret'])
    .executeTakeFirstOrThrow();
  return { id, ...row };
}

/** A signed seamless-wallet call from the vendor (its secret by default). */
export async function seamlessCall(t: TestApp, v: TestVendor, action: string, body: object, secret = v.secret) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: `/api/vendor/seamless/${action}`,
    payload: raw,
    headers: signedSeamlessHeaders(v.operatorId, secret, raw),
  });
}

/** One bet and one win of a round, through the signed seamless protocol; answers the round's and the bet's ids. */
export async function playRound(t: TestApp, v: TestVendor, memberId: string, bet: string, win: string) {
  const s = await t.services.games.sessions.issue({
    memberId,
    memberType: 0,
    vendorId: v.id,
    gameCode: 'bo-slot',
    gameType: 'RNG',
    mode: 'real',
  });
  const roundId = randomUUID();
  const betId = randomUUID();
  const winId = randomUUID();
  for (const [action, amount, id] of [
    ['bet', bet, betId],
    ['win', win, winId],
  ] as const) {
    const res = await seamlessCall(t, v, action, {
      token: s.token,
      transaction_id: id,
      round_id: roundId,
      game_code: 'bo-slot',
      amount,
      currency: 'KRW',
    });
    if (res.json().status !== 'OK') throw new Error(`${action}: ${res.body}`);
  }
  return { roundId, betId, winId, token: s.token };
}
