import { randomUUID } from 'node:crypto';
import { encryptPayload } from '@portal/contracts/auth/payload-cipher.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, testIp } from '../../../test/auth-helpers.ts';
import { verifyLedgerAfterEach } from '../../../test/ledger-check.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { signedSeamlessHeaders } from '../games/seamless-signature.ts';
import { newPlayer } from '../wallet/cashier.test-helpers.ts';

let t: TestApp;
let house: { operatorId: string; secret: string };
beforeAll(async () => {
  t = await startTestApp();
  house = await t.database.db
    .selectFrom('vendor')
    .select(['operatorId', 'secret'])
    .where('id', '=', 'HOUSE')
    .executeTakeFirstOrThrow();
});
afterAll(async () => t?.close());
verifyLedgerAfterEach(() => t?.database.db);

const PASSWORD = 'Orchid58Lane';

/** A funded player signed in through the API, as a person would be. */
async function signedInPlayer(balance = 100_000n) {
  const { memberId, account } = await newPlayer(t, { balance, password: PASSWORD });
  const res = await loginAs(t.app, account, PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  return { memberId, account, token: res.json().value.token as string };
}

async function nodeOf(vendor: string, gameCode: string): Promise<number> {
  const list = (await t.app.inject({ url: `/api/games?vassalage=${vendor}&pageSize=60` })).json().value.content;
  return list.find((g: { gameCode: string }) => g.gameCode === gameCode).nodeId;
}

/** Launches a game and returns the token in its launch URL's fragment (`t` for house, `s` for Vault). */
async function launch(token: string, vendor: 'HOUSE' | 'VAULT', gameCode: string) {
  const res = await t.app.inject({
    url: `/api/games/launch?nodeId=${await nodeOf(vendor, gameCode)}&mode=REAL`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const fragment = new URLSearchParams((res.json().value.url as string).split('#')[1]);
  return fragment.get(vendor === 'HOUSE' ? 't' : 's')!;
}

/** A seamless call signed as the house vendor, the way an outside vendor holding the token would send it. */
async function seamless(action: 'bet' | 'win', gameToken: string, amount: string, roundId = randomUUID()) {
  const raw = JSON.stringify({
    token: gameToken,
    transaction_id: randomUUID(),
    round_id: roundId,
    game_code: 'mini-dice',
    amount,
    currency: 'KRW',
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/vendor/seamless/${action}`,
    payload: raw,
    headers: signedSeamlessHeaders(house.operatorId, house.secret, raw),
  });
  return res.json() as { status: string; balance: string | null };
}

async function changePassword(token: string, oldPassword: string, newPassword: string) {
  const key = (await t.app.inject({ url: '/api/auth/payload-key' })).json().value;
  return t.app.inject({
    method: 'POST',
    url: '/api/member/password',
    remoteAddress: testIp(),
    headers: bearer(token),
    payload: await encryptPayload(key.jwk, key.kid, {
      oldPassword,
      newPassword,
      confirmNewPassword: newPassword,
    }),
  });
}

const logoutAll = (token: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: bearer(token) });

describe('revoking every session of a member', () => {
  it('stops a game token taken before a password change from betting, and still pays the round it played', async () => {
    const p = await signedInPlayer();
    const gameToken = await launch(p.token, 'HOUSE', 'mini-dice');
    const round = randomUUID();
    expect(await seamless('bet', gameToken, '1000', round)).toMatchObject({ status: 'OK', balance: '99000' });

    const changed = await changePassword(p.token, PASSWORD, 'Quartz73Harbor');
    expect(changed.statusCode, changed.body).toBe(200);

    expect(await seamless('bet', gameToken, '1000')).toMatchObject({ status: 'TOKEN_EXPIRED', balance: '99000' });
    // The round bet before the change is owed its win (decision 012: wins settle after the token ended).
    expect(await seamless('win', gameToken, '2500', round)).toMatchObject({ status: 'OK', balance: '101500' });
    // The new session the change issued plays on: a fresh launch works.
    const fresh = await launch(changed.json().value.token, 'HOUSE', 'mini-dice');
    expect(await seamless('bet', fresh, '500')).toMatchObject({ status: 'OK', balance: '101000' });
  });

  it('signs out everywhere: every sign-in session and every game session ends', async () => {
    const p = await signedInPlayer();
    const other = (await loginAs(t.app, p.account, PASSWORD)).json().value.token as string;
    const gameToken = await launch(other, 'HOUSE', 'mini-dice');

    const res = await logoutAll(p.token);
    expect(res.statusCode, res.body).toBe(200);
    // The helper's own session and the two sign-ins.
    expect(res.json().value.revoked).toBe(3);

    for (const token of [p.token, other]) {
      const info = await t.app.inject({ url: '/api/member/info', headers: bearer(token) });
      expect(info.json().code).toBe('SESSION_EXPIRED');
    }
    expect(await seamless('bet', gameToken, '1000')).toMatchObject({ status: 'TOKEN_EXPIRED', balance: '100000' });
  });

  it("closes the house game page's own session, which can then play no round", async () => {
    const p = await signedInPlayer();
    const launchToken = await launch(p.token, 'HOUSE', 'mini-dice');
    const opened = await t.app.inject({ method: 'POST', url: '/vendor/house/api/session', payload: { launchToken } });
    const session = opened.json().value.session as string;
    const play = () =>
      t.app.inject({
        method: 'POST',
        url: '/vendor/house/api/play',
        payload: {
          session,
          requestId: randomUUID(),
          params: { bet: '1000', direction: 'under', targetHundredths: 4950 },
        },
      });
    expect((await play()).statusCode).toBe(200);

    await logoutAll(p.token);

    const refused = await play();
    expect(refused.json()).toMatchObject({ success: false, code: 'GAME_SESSION_EXPIRED' });
    const balance = await t.app.inject({ url: `/vendor/house/api/balance?session=${session}` });
    expect(balance.json().code).toBe('GAME_SESSION_EXPIRED');
  });

  it('closes a Vault table opened before the password change', async () => {
    const p = await signedInPlayer();
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/transfer',
      headers: bearer(p.token),
      payload: { vendorId: 'VAULT', direction: 'TO_VENDOR', amount: '20000', requestId: randomUUID() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const session = await launch(p.token, 'VAULT', 'vault-poker');
    const play = () =>
      t.app.inject({
        method: 'POST',
        url: '/vendor/vault/api/play',
        payload: { session, requestId: randomUUID(), bet: '1000' },
      });
    expect((await play()).statusCode).toBe(200);

    expect((await changePassword(p.token, PASSWORD, 'Velvet64Canyon')).statusCode).toBe(200);

    expect((await play()).json()).toMatchObject({ success: false, code: 'GAME_SESSION_EXPIRED' });
  });

  it('leaves the games of other devices alone when one device signs out', async () => {
    const p = await signedInPlayer();
    const other = (await loginAs(t.app, p.account, PASSWORD)).json().value.token as string;
    const gameToken = await launch(other, 'HOUSE', 'mini-dice');
    await t.app.inject({ method: 'DELETE', url: '/api/auth/session', headers: bearer(p.token) });
    expect(await seamless('bet', gameToken, '1000')).toMatchObject({ status: 'OK', balance: '99000' });
  });
});
