import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail, staffGet, staffPost, staffTeam, type StaffClient } from '../../../test/staff-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { catalogueRepository, type VendorGame } from '../games/catalogue.repository.ts';
import { newPlayer } from '../wallet/cashier.test-helpers.ts';
import { playRound, registerTestVendor, seamlessCall, type TestVendor } from './bo.test-helpers.ts';

let t: TestApp;
let owner: StaffClient;
let admin: StaffClient;
let support: StaffClient;
let vendor: TestVendor;
const slot = (n: number): VendorGame => ({
  gameCode: `bo-${n}`,
  gameType: 'RNG',
  gameClassify: 'VIDEO_SLOT',
  names: { en: `BO Reels ${n}` },
  iconUrl: `/assets/games/slot-${n}.svg`,
  supportPlay: 0,
});

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_SCALE: '100' });
  ({ owner, admin, support } = await staffTeam(t, ['admin', 'support']));
  vendor = await registerTestVendor(t, 'BOGAMES');
  await catalogueRepository(t.database.db).sync('BOGAMES', [slot(1), slot(2), slot(3)]);
});
afterAll(async () => t?.close());

const post = (who: StaffClient, url: string, payload: object) => staffPost(t, who, url, payload);
const get = (who: StaffClient, url: string) => staffGet(t, who, url);
const lobbyCodes = async () =>
  (
    (await t.app.inject({ url: '/api/games?vassalage=BOGAMES&pageSize=60' })).json().value.content as {
      gameCode: string;
    }[]
  ).map((g) => g.gameCode);
const version = async () =>
  (await t.database.db.selectFrom('catalogueVersion').select('version').executeTakeFirstOrThrow()).version;
const nodeOf = async (code: string) =>
  String(
    (await t.database.db.selectFrom('game').select('nodeId').where('gameCode', '=', code).executeTakeFirstOrThrow())
      .nodeId,
  );
const trail = (target: string) => auditTrail(t, target);

describe('games in the back office', () => {
  it('turns a game off: the lobby stops listing it on the next request, a vendor sync does not bring it back; audited', async () => {
    expect(await lobbyCodes()).toEqual(['bo-1', 'bo-2', 'bo-3']);
    const node = await nodeOf('bo-2');
    const v0 = await version();
    const off = await post(admin, '/api/bo/games/set', { nodeId: node, enabled: false });
    expect(off.json().value).toMatchObject({ gameCode: 'bo-2', enabled: false, status: 'LIVE' });
    expect(await version()).not.toBe(v0);
    expect(await lobbyCodes()).toEqual(['bo-1', 'bo-3']);
    await catalogueRepository(t.database.db).sync('BOGAMES', [slot(1), slot(2), slot(3)]);
    expect(await lobbyCodes()).toEqual(['bo-1', 'bo-3']);
    const listed = (await get(support, '/api/bo/games?vendorId=bogames')).json().value;
    expect(listed.games.find((g: { gameCode: string }) => g.gameCode === 'bo-2')).toMatchObject({ enabled: false });
    await post(admin, '/api/bo/games/set', { nodeId: node, enabled: true });
    expect(await lobbyCodes()).toEqual(['bo-1', 'bo-2', 'bo-3']);
    expect(
      (await trail(`game:${node}`)).map((r) => [r.actor, r.action, (r.after as { enabled: boolean }).enabled]),
    ).toEqual([
      ['admin', 'game.set', false],
      ['admin', 'game.set', true],
    ]);
  });

  it('orders games, flags them hot and puts one under maintenance, as the lobby shows', async () => {
    await post(admin, '/api/bo/games/set', { nodeId: await nodeOf('bo-3'), sort: 0, isHot: true, hotSort: 0 });
    await post(admin, '/api/bo/games/set', { nodeId: await nodeOf('bo-1'), sort: 5 });
    expect((await lobbyCodes())[0]).toBe('bo-3');
    const hot = (await t.app.inject({ url: '/api/games/hot' })).json().value.games as { gameCode: string }[];
    expect(hot.map((g) => g.gameCode).filter((c) => c.startsWith('bo-'))).toEqual(['bo-3']);
    await post(admin, '/api/bo/games/set', { nodeId: await nodeOf('bo-1'), maintenance: true });
    const card = (await t.app.inject({ url: '/api/games?vassalage=BOGAMES&pageSize=60' }))
      .json()
      .value.content.find((g: { gameCode: string }) => g.gameCode === 'bo-1');
    expect(card.status).toBe('MAINTENANCE');
    await post(admin, '/api/bo/games/set', { nodeId: await nodeOf('bo-1'), maintenance: false });
  });

  it('turns a vendor off and sets its lobby categories; the vendor lanes follow at once', async () => {
    const lanes = async () =>
      (
        (await t.app.inject({ url: '/api/games/vendors' })).json().value.lanes as {
          title: string;
          cards: { vendorId: string }[];
        }[]
      )
        .filter((l) => l.cards.some((c) => c.vendorId === 'BOGAMES'))
        .map((l) => l.title);
    const set = await post(admin, '/api/bo/games/vendors/set', { vendorId: 'BOGAMES', categories: ['RNG', 'MINI'] });
    expect(set.json().value).toMatchObject({ id: 'BOGAMES', categories: ['RNG', 'MINI'], games: 3 });
    expect(await lanes()).toEqual(['RNG', 'MINI']);
    await post(admin, '/api/bo/games/vendors/set', { vendorId: 'BOGAMES', enabled: false });
    expect(await lanes()).toEqual([]);
    expect(await lobbyCodes()).toEqual([]);
    await post(admin, '/api/bo/games/vendors/set', { vendorId: 'BOGAMES', enabled: true });
    expect(await lobbyCodes()).toHaveLength(3);
    const bad = await post(admin, '/api/bo/games/vendors/set', { vendorId: 'BOGAMES', categories: ['CASINO'] });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'body.categories.0' });
    const unknown = await post(admin, '/api/bo/games/vendors/set', { vendorId: 'NOPE', enabled: false });
    expect(unknown.json().code).toBe('NOT_FOUND');
    expect((await trail('vendor:BOGAMES')).map((r) => r.action)).toEqual(['vendor.set', 'vendor.set', 'vendor.set']);
  });

  it('refuses every catalogue change to support, who may read it', async () => {
    expect((await get(support, '/api/bo/games/vendors')).statusCode).toBe(200);
    const res = await post(support, '/api/bo/games/set', { nodeId: await nodeOf('bo-1'), enabled: false });
    expect(res.json().code).toBe('STAFF_FORBIDDEN');
    expect(await lobbyCodes()).toContain('bo-1');
  });

  it('rotates a vendor secret: the old one is refused at once, the new one is shown once and never audited', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    const { token } = await playRound(t, vendor, p.memberId, '100', '0');
    const rotated = (await post(owner, '/api/bo/games/vendors/rotate-secret', { vendorId: 'BOGAMES' })).json().value;
    expect(rotated.secret).toMatch(/^[0-9a-f]{64}$/);
    const old = await seamlessCall(t, vendor, 'balance', { token });
    expect(old.json().status).toBe('INVALID_SIGNATURE');
    expect((await seamlessCall(t, vendor, 'balance', { token }, rotated.secret)).json().status).toBe('OK');
    vendor = { ...vendor, secret: rotated.secret };
    const rows = await trail('vendor:BOGAMES');
    expect(rows.at(-1)).toMatchObject({ actor: 'owner', action: 'vendor.rotateSecret' });
    expect(JSON.stringify(rows)).not.toContain(rotated.secret);
    expect((await post(support, '/api/bo/games/vendors/rotate-secret', { vendorId: 'BOGAMES' })).json().code).toBe(
      'STAFF_FORBIDDEN',
    );
  });

  it('finds a round by its round id and by any of its transaction ids', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    const r = await playRound(t, vendor, p.memberId, '700', '1200');
    for (const id of [r.roundId, r.betId, r.winId]) {
      const found = (await get(support, `/api/bo/games/rounds?id=${id}`)).json().value;
      expect(found.rounds).toEqual([
        expect.objectContaining({ roundId: r.roundId, bet: '700', win: '1200', memberAccount: p.account }),
      ]);
      expect(found.transactions.map((x: { action: string }) => x.action)).toEqual(['BET', 'WIN']);
    }
    const none = (await get(support, '/api/bo/games/rounds?id=no-such-round')).json().value;
    expect(none).toEqual({ rounds: [], transactions: [] });
  });
});

describe('the lobby after back-office switches', () => {
  it("turning a game or its vendor off and on changes the lobby's list and counts on the very next request", async () => {
    const lobby = async (q = '') =>
      (await t.app.inject({ url: `/api/games?vassalage=BOGAMES${q}` })).json().value as {
        totalElements: number;
        content: { gameCode: string }[];
      };
    const before = await lobby();
    const rng = (await lobby('&gameType=RNG')).totalElements;
    const node = await nodeOf('bo-3');
    await post(admin, '/api/bo/games/set', { nodeId: node, enabled: false });
    const off = await lobby();
    expect(off.totalElements).toBe(before.totalElements - 1);
    expect(off.content.map((g) => g.gameCode)).not.toContain('bo-3');
    expect((await lobby('&gameType=RNG')).totalElements).toBe(rng - 1);
    // Maintenance keeps a game listed and counted; only the switch and the vendor's list hide it.
    await post(admin, '/api/bo/games/set', { nodeId: await nodeOf('bo-1'), maintenance: true });
    expect((await lobby()).totalElements).toBe(before.totalElements - 1);
    await post(admin, '/api/bo/games/set', { nodeId: await nodeOf('bo-1'), maintenance: false });
    await post(admin, '/api/bo/games/vendors/set', { vendorId: 'BOGAMES', enabled: false });
    expect(await lobby()).toMatchObject({ totalElements: 0, content: [] });
    expect((await lobby('&gameType=RNG')).totalElements).toBe(0);
    await post(admin, '/api/bo/games/vendors/set', { vendorId: 'BOGAMES', enabled: true });
    await post(admin, '/api/bo/games/set', { nodeId: node, enabled: true });
    const on = await lobby();
    expect(on.totalElements).toBe(before.totalElements);
    expect(on.content.map((g) => g.gameCode)).toEqual(before.content.map((g) => g.gameCode));
  });
});
