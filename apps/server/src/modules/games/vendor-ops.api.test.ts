import { describe, expect, it } from 'vitest';
import { asOperator } from '../../../test/test-app.ts';
import { asPlayer, newPlayer, requestId, type TestPlayer } from '../wallet/cashier.test-helpers.ts';
import { signedSeamlessHeaders } from './seamless-signature.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const t = useTestApp();

const ops = (url: string, payload: object, headers: Record<string, string> = asOperator) =>
  t.app.inject({ method: url.endsWith('rotate-secret') ? 'POST' : 'PUT', url, headers, payload });
const nodeOf = async (vendor: string, code: string) =>
  (
    (await t.app.inject({ url: `/api/games?vassalage=${vendor}&pageSize=60` })).json().value.content as {
      gameCode: string;
      nodeId: number;
    }[]
  ).find((g) => g.gameCode === code)!.nodeId;
const launch = async (p: TestPlayer, vendor: string, code: string) =>
  asPlayer(t, p).get(`/api/games/launch?nodeId=${await nodeOf(vendor, code)}&mode=REAL`);
const gameStatus = async (code: string) =>
  (await t.database.db.selectFrom('game').select('status').where('gameCode', '=', code).executeTakeFirstOrThrow())
    .status;

describe('operator controls over vendors and games', () => {
  it('puts a vendor under maintenance, so its games answer game maintenance, and back', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    const on = await ops('/api/ops/vendors/maintenance', { vendorId: 'vault', maintenance: true });
    expect(on.json().value).toEqual({ vendorId: 'VAULT', status: 'MAINTENANCE', changed: true });
    const refused = await launch(p, 'VAULT', 'vault-heist');
    expect([refused.statusCode, refused.json().code]).toEqual([503, 'GAME_MAINTENANCE']);
    // Another vendor's games still launch.
    expect((await launch(p, 'HOUSE', 'mini-dice')).statusCode).toBe(200);
    const again = await ops('/api/ops/vendors/maintenance', { vendorId: 'VAULT', maintenance: true });
    expect(again.json().value.changed).toBe(false);

    await ops('/api/ops/vendors/maintenance', { vendorId: 'VAULT', maintenance: false });
    expect((await launch(p, 'VAULT', 'vault-heist')).statusCode).toBe(200);
  });

  it('puts one game under maintenance, shows it in the lobby, and brings it back', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    const on = await ops('/api/ops/games/maintenance', { gameCode: 'mini-dice', maintenance: true });
    expect(on.json().value).toMatchObject({ vendorId: 'HOUSE', gameCode: 'mini-dice', status: 'MAINTENANCE' });
    const refused = await launch(p, 'HOUSE', 'mini-dice');
    expect([refused.statusCode, refused.json().code]).toEqual([503, 'GAME_MAINTENANCE']);
    expect((await launch(p, 'HOUSE', 'mini-limbo')).statusCode).toBe(200);
    const listed = (await t.app.inject({ url: '/api/games?vassalage=HOUSE&gameType=MINI' })).json().value.content;
    expect(listed.find((g: { gameCode: string }) => g.gameCode === 'mini-dice').status).toBe('MAINTENANCE');

    await ops('/api/ops/games/maintenance', { gameCode: 'mini-dice', vendorId: 'HOUSE', maintenance: false });
    expect(await gameStatus('mini-dice')).toBe('LIVE');
    expect((await launch(p, 'HOUSE', 'mini-dice')).statusCode).toBe(200);
  });

  it('refuses an unknown vendor or game, a vendor still coming, and a call without the operator key', async () => {
    const unknownVendor = await ops('/api/ops/vendors/maintenance', { vendorId: 'NOPE', maintenance: true });
    expect([unknownVendor.statusCode, unknownVendor.json().code]).toEqual([404, 'NOT_FOUND']);
    const unknownGame = await ops('/api/ops/games/maintenance', { gameCode: 'no-such-game', maintenance: true });
    expect([unknownGame.statusCode, unknownGame.json().code]).toEqual([404, 'NOT_FOUND']);
    const coming = await ops('/api/ops/vendors/maintenance', { vendorId: 'JADE', maintenance: true });
    expect(coming.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'vendorId' });
    const bad = await ops('/api/ops/games/maintenance', { gameCode: 'mini dice!', maintenance: true });
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const guest = await ops('/api/ops/vendors/rotate-secret', { vendorId: 'HOUSE' }, {});
    expect(guest.json().code).toBe('OPERATOR_KEY_REQUIRED');
    const vendors = await t.database.db.selectFrom('vendor').select(['id', 'status']).orderBy('id').execute();
    expect(vendors.find((v) => v.id === 'JADE')?.status).toBe('COMING');
    expect(vendors.find((v) => v.id === 'VAULT')?.status).toBe('LIVE');
  });

  it('rotates a vendor secret: calls signed with the old one are refused, the new one works', async () => {
    const before = await t.database.db
      .selectFrom('vendor')
      .select(['operatorId', 'secret'])
      .where('id', '=', 'HOUSE')
      .executeTakeFirstOrThrow();
    const p = await newPlayer(t, { balance: 10_000n });
    const launched = await launch(p, 'HOUSE', 'mini-dice');
    const token = new URLSearchParams(launched.json().value.url.split('#')[1]).get('t')!;
    const balance = (secret: string) => {
      const raw = JSON.stringify({ token });
      return t.app.inject({
        method: 'POST',
        url: '/api/vendor/seamless/balance',
        headers: signedSeamlessHeaders(before.operatorId, secret, raw),
        payload: raw,
      });
    };
    expect((await balance(before.secret)).statusCode).toBe(200);

    const rotated = (await ops('/api/ops/vendors/rotate-secret', { vendorId: 'HOUSE' })).json().value;
    expect(rotated).toMatchObject({ vendorId: 'HOUSE', operatorId: before.operatorId });
    expect(rotated.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.secret).not.toBe(before.secret);
    const old = await balance(before.secret);
    expect([old.statusCode, old.json().status]).toEqual([401, 'INVALID_SIGNATURE']);
    expect((await balance(rotated.secret)).json()).toMatchObject({ status: 'OK', balance: '10000' });

    // The in-process house vendor reads its secret from the registry, so its rounds still settle.
    const opened = await t.app.inject({
      method: 'POST',
      url: '/vendor/house/api/session',
      payload: { launchToken: token },
    });
    const session = opened.json().value.session;
    const played = await t.app.inject({
      method: 'POST',
      url: '/vendor/house/api/play',
      payload: { session, requestId: requestId(), params: { bet: '100', direction: 'under', targetHundredths: 4950 } },
    });
    expect(played.json().value.round.status).toBe('SETTLED');
  });
});
