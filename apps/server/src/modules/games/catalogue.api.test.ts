import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { bearer } from '../../../test/auth-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { newPlayer } from '../wallet/cashier.test-helpers.ts';
import { catalogueRepository, type VendorGame } from './catalogue.repository.ts';

let t: TestApp;

const slot = (n: number, extra: Partial<VendorGame> = {}): VendorGame => ({
  gameCode: `slot-${n}`,
  gameType: 'RNG',
  gameClassify: 'VIDEO_SLOT',
  names: { en: `Star Reels ${n}`, ko: `스타 릴 ${n}` },
  iconUrl: `/assets/games/slot-${n}.svg`,
  supportPlay: 0,
  rtpBasisPoints: 9600,
  minBet: 100n,
  lineNum: n % 2 === 0 ? 20 : 10,
  isHot: n <= 14,
  ...extra,
});

beforeAll(async () => {
  t = await startTestApp();
  const db = t.database.db;
  await db
    .insertInto('vendor')
    .values([
      {
        id: 'TESTV',
        name: 'Test Vendor',
        logoUrl: '/assets/vendors/testv.svg',
        mode: 'SEAMLESS',
        status: 'LIVE',
        sort: 90,
      },
      {
        id: 'OTHERV',
        name: 'Other Vendor',
        logoUrl: '/assets/vendors/otherv.svg',
        mode: 'SEAMLESS',
        status: 'LIVE',
        sort: 91,
      },
    ])
    .execute();
  const repo = catalogueRepository(db);
  // These tests read the catalogue of two test vendors alone: the in-process vendors' games step aside.
  await repo.sync('HOUSE', []);
  await repo.sync('VAULT', []);
  await repo.sync('LOTTO', []);
  await repo.sync('STRIKER', []);
  await repo.sync('TESTV', [
    ...Array.from({ length: 40 }, (_, i) => slot(i + 1)),
    {
      gameCode: 'dice',
      gameType: 'MINI',
      gameClassify: 'DICE',
      names: { en: 'Aurora Dice', ko: '오로라 주사위' },
      iconUrl: '/assets/games/dice.svg',
      supportPlay: 1,
    },
  ]);
  await repo.sync('OTHERV', [
    slot(100, { gameCode: 'other-slot', names: { en: 'Other 100% Slot' }, isHot: false, minBet: 5000n }),
  ]);
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the game list', () => {
  it('pages the slots 30 at a time by default, with totals', async () => {
    const first = (await get('/api/games?gameType=RNG&vassalage=TESTV')).json().value;
    expect(first).toMatchObject({ pageNo: 1, pageSize: 30, totalElements: 40, totalPages: 2 });
    expect(first.content).toHaveLength(30);
    const second = (await get('/api/games?gameType=RNG&vassalage=TESTV&pageNo=2')).json().value;
    expect(second.content).toHaveLength(10);
    const ids = [...first.content, ...second.content].map((g: { nodeId: number }) => g.nodeId);
    expect(new Set(ids).size).toBe(40);
  });

  it('names games in the language asked for, and finds them by a name in any language', async () => {
    const ko = (await get('/api/games?gameName=%EC%8A%A4%ED%83%80%20%EB%A6%B4%207&language=ko')).json().value;
    expect(ko.content.map((g: { displayName: string }) => g.displayName)).toEqual(['스타 릴 7']);
    const en = (await get('/api/games?gameName=star reels 7', { 'accept-language': 'en-US' })).json().value;
    expect(en.content[0]).toMatchObject({ displayName: 'Star Reels 7', gameCode: 'slot-7', isGame: 'GAME' });
  });

  it('treats % and _ in a searched name as letters', async () => {
    const res = (await get('/api/games?gameName=100%25')).json().value;
    expect(res.content.map((g: { gameCode: string }) => g.gameCode)).toEqual(['other-slot']);
    expect((await get('/api/games?gameName=_')).json().value.totalElements).toBe(0);
  });

  it('filters by vendor, classification, hot flag, stake and lines', async () => {
    const count = async (q: string) => (await get(`/api/games?${q}`)).json().value.totalElements;
    expect(await count('vassalage=OTHERV')).toBe(1);
    expect(await count('gameType=MINI')).toBe(1);
    expect(await count('gameClassify=VIDEO_SLOT')).toBe(41);
    expect(await count('isHot=1&vassalage=TESTV')).toBe(14);
    expect(await count('minBet=1000')).toBe(41); // the other vendor's slot needs 5000
    expect(await count('minLineNum=20&vassalage=TESTV')).toBe(20);
  });

  it("takes the client's clientType, platform and merchant: a Flash-only client gets no games, the rest the same list", async () => {
    const count = async (q: string) => (await get(`/api/games?vassalage=TESTV&${q}`)).json().value.totalElements;
    const all = await count('');
    expect(all).toBe(41);
    expect(await count('clientType=3&platform=html5-desktop&merchant=AURORA')).toBe(all);
    expect(await count('platform=html5-mobile')).toBe(all);
    expect(await count('platform=flash,HTML5-desktop')).toBe(all);
    expect(await count('platform=flash')).toBe(0);
    for (const bad of ['clientType=web', 'platform=windows', 'platform=', 'merchant=a%20b']) {
      const res = await get(`/api/games?${bad}`);
      expect([res.statusCode, res.json().code], bad).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('refuses a page size above the limit, an unknown category and a malformed stake', async () => {
    for (const q of ['pageSize=61', 'gameType=CASINO', 'minBet=1e3', 'pageNo=0']) {
      const res = await get(`/api/games?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('hides a game its vendor stops listing and brings it back under the same node id', async () => {
    const repo = catalogueRepository(t.database.db);
    const before = (await get('/api/games?vassalage=OTHERV')).json().value.content[0].nodeId;
    await repo.sync('OTHERV', []);
    expect((await get('/api/games?vassalage=OTHERV')).json().value.totalElements).toBe(0);
    await repo.sync('OTHERV', [slot(100, { gameCode: 'other-slot', names: { en: 'Other 100% Slot' }, minBet: 5000n })]);
    expect((await get('/api/games?vassalage=OTHERV')).json().value.content[0].nodeId).toBe(before);
  });

  it('shows a change to the catalogue on the very next request, whoever wrote it (the page cache never serves a stale page)', async () => {
    const dice = async () => (await get('/api/games?gameType=MINI&language=en')).json().value.content[0];
    const db = t.database.db;
    expect(await dice()).toMatchObject({ displayName: 'Aurora Dice' });
    expect(await dice()).toMatchObject({ displayName: 'Aurora Dice' });
    // Plain SQL, as another server instance or the back office would write it.
    await db
      .updateTable('game')
      .set({ names: JSON.stringify({ en: 'Borealis Dice' }) as unknown as Record<string, string> })
      .where('gameCode', '=', 'dice')
      .execute();
    expect(await dice()).toMatchObject({ displayName: 'Borealis Dice' });
    // The vendor's row is part of every card: its new name shows at once too.
    await db.updateTable('vendor').set({ name: 'Renamed Vendor' }).where('id', '=', 'TESTV').execute();
    expect(await dice()).toMatchObject({ displayName: 'Borealis Dice', vendorName: 'Renamed Vendor' });
    await db.updateTable('vendor').set({ name: 'Test Vendor' }).where('id', '=', 'TESTV').execute();
    await db
      .updateTable('game')
      .set({ names: JSON.stringify({ en: 'Aurora Dice', ko: '오로라 주사위' }) as unknown as Record<string, string> })
      .where('gameCode', '=', 'dice')
      .execute();
    expect(await dice()).toMatchObject({ displayName: 'Aurora Dice', vendorName: 'Test Vendor' });
  });
});

describe('hot games and the menu', () => {
  it('lists at most 12 hot games in the operator order', async () => {
    const games = (await get('/api/games/hot')).json().value.games;
    expect(games).toHaveLength(12);
    expect(games.every((g: { isHot: boolean }) => g.isHot)).toBe(true);
    expect(games[0].gameCode).toBe('slot-1');
  });

  it('groups the catalogue by category with classifications and vendors', async () => {
    const categories = (await get('/api/games/menu')).json().value.categories;
    const rng = categories.find((c: { title: string }) => c.title === 'RNG');
    expect(rng.gameClassify).toEqual(['VIDEO_SLOT']);
    expect(rng.vendors.map((v: { vendorId: string }) => v.vendorId)).toEqual(['TESTV', 'OTHERV']);
  });
});

describe('the menu by prize mode', () => {
  it('keeps the lottery category a prize mode belongs to: LOTT, ZY and SEA the lottery, ELOTT the e-lottery', async () => {
    const repo = catalogueRepository(t.database.db);
    await t.database.db
      .insertInto('vendor')
      .values({ id: 'LOTTV', name: 'Lotto Vendor', logoUrl: '/x.svg', mode: 'SEAMLESS', status: 'LIVE', sort: 92 })
      .execute();
    const draw = (gameCode: string, gameType: 'LOTT' | 'ELOTT') => ({
      gameCode,
      gameType,
      names: { en: gameCode },
      iconUrl: '/x.svg',
      supportPlay: 1 as const,
    });
    await repo.sync('LOTTV', [draw('lotto-645', 'LOTT'), draw('fast-3', 'ELOTT')]);
    try {
      const titles = async (q: string) =>
        (await get(`/api/games/menu${q}`))
          .json()
          .value.categories.map((c: { title: string }) => c.title)
          .sort();
      expect(await titles('')).toEqual(['ELOTT', 'LOTT', 'MINI', 'RNG']);
      for (const mode of ['LOTT', 'ZY', 'SEA']) expect(await titles(`?prizeMode=${mode}`), mode).toEqual(['LOTT']);
      expect(await titles('?prizeMode=ELOTT')).toEqual(['ELOTT']);
      const bad = await get('/api/games/menu?prizeMode=XYZ');
      expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    } finally {
      await repo.sync('LOTTV', []);
    }
  });
});

describe('favourites', () => {
  it('asks a guest to log in', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/games/favourites', payload: {} });
    expect(res.statusCode).toBe(401);
  });

  it('keeps a favourite once however often it is marked, and removes it', async () => {
    const p = await newPlayer(t);
    const game = (await get('/api/games?vassalage=TESTV&pageSize=1')).json().value.content[0];
    const payload = { nodeId: game.nodeId, vendor: 'TESTV', gameType: 'RNG' };
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/games/favourites',
        headers: bearer(p.token),
        payload,
      });
      expect(res.json().value.favouriteIds).toEqual([game.nodeId]);
    }
    const list = (await get('/api/games/favourites', bearer(p.token))).json().value;
    expect(list).toMatchObject({ pageNum: 1, totalPages: 1, favouriteIds: [game.nodeId] });
    expect(list.content[0].gameCode).toBe(game.gameCode);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/games/favourites',
      headers: bearer(p.token),
      payload,
    });
    expect(removed.json().value.favouriteIds).toEqual([]);
  });

  it('refuses a favourite whose vendor or type does not match the game, and stores nothing', async () => {
    const p = await newPlayer(t);
    const game = (await get('/api/games?vassalage=TESTV&pageSize=1')).json().value.content[0];
    for (const payload of [
      { nodeId: game.nodeId, vendor: 'OTHERV', gameType: 'RNG' },
      { nodeId: game.nodeId, vendor: 'TESTV', gameType: 'LIVE' },
      { nodeId: 99_999_999, vendor: 'TESTV', gameType: 'RNG' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/games/favourites',
        headers: bearer(p.token),
        payload,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('GAME_NOT_FOUND');
    }
    const rows = await t.database.db.selectFrom('favouriteGame').where('memberId', '=', p.memberId).execute();
    expect(rows).toEqual([]);
  });

  it("never shows one member another member's favourites", async () => {
    const a = await newPlayer(t);
    const b = await newPlayer(t);
    const game = (await get('/api/games?vassalage=TESTV&pageSize=1')).json().value.content[0];
    await t.app.inject({
      method: 'POST',
      url: '/api/games/favourites',
      headers: bearer(a.token),
      payload: { nodeId: game.nodeId, vendor: 'TESTV', gameType: 'RNG' },
    });
    expect((await get('/api/games/favourites', bearer(b.token))).json().value.favouriteIds).toEqual([]);
  });
});

describe('PVP rooms', () => {
  it('lists the rooms of live PVP games to a member only', async () => {
    const p = await newPlayer(t);
    await catalogueRepository(t.database.db).sync('OTHERV', [
      slot(100, { gameCode: 'other-slot', names: { en: 'Other 100% Slot' }, minBet: 5000n }),
      {
        gameCode: 'holdem-1',
        gameType: 'PVP',
        names: { en: "Hold'em Table 1" },
        iconUrl: '/x.svg',
        supportPlay: 1,
        roomId: 'T1',
      },
    ]);
    expect((await get('/api/games/pvp-rooms')).statusCode).toBe(401);
    const rooms = (await get('/api/games/pvp-rooms', bearer(p.token))).json().value.rooms;
    expect(rooms.map((r: { roomId: string }) => r.roomId)).toEqual(['T1']);
  });
});

describe('play-driven lists', () => {
  const play = async (memberId: string, gameCode: string, kind: 'BET' | 'WIN', amount: bigint, n: number) => {
    const ledger = t.services.ledger;
    const main = { kind: 'MEMBER_MAIN' as const, memberId, currency: 'KRW' };
    const clearing = { kind: 'VENDOR_CLEARING' as const, vendorId: 'TESTV', currency: 'KRW' };
    const reference = { vendorId: 'TESTV', gameCode, gameType: 'RNG', roundId: `r${n}` };
    await ledger.transfer({
      idempotencyKey: `test:${kind}:${memberId}:${gameCode}:${n}`,
      kind,
      from: kind === 'BET' ? main : clearing,
      to: kind === 'BET' ? clearing : main,
      amount,
      reference,
    });
  };

  it('puts the most played game first among the popular ones, then tops up with hot games', async () => {
    const p = await newPlayer(t, { balance: 1_000_000n });
    for (let i = 0; i < 3; i++) await play(p.memberId, 'slot-30', 'BET', 1000n, i);
    await play(p.memberId, 'slot-31', 'BET', 1000n, 10);
    const games = (await get('/api/games/popular')).json().value.games;
    expect(games.slice(0, 2).map((g: { gameCode: string }) => g.gameCode)).toEqual(['slot-30', 'slot-31']);
    expect(games).toHaveLength(12);
  });

  it('shows the latest real-money wins with the account masked', async () => {
    const p = await newPlayer(t, { balance: 1_000_000n });
    await play(p.memberId, 'slot-2', 'WIN', 250_000n, 20);
    const list = (await get('/api/games/winners?limitNum=20&language=en')).json().value.list;
    const account = (
      await t.database.db.selectFrom('member').select('account').where('id', '=', p.memberId).executeTakeFirstOrThrow()
    ).account;
    expect(list[0]).toMatchObject({ gameName: 'Star Reels 2', winAmount: '250000', currency: 'KRW' });
    expect(list[0].customerName).toMatch(new RegExp(`^${account[0]}\\*+${account.at(-1)}$`));
    expect(JSON.stringify(list)).not.toContain(account);
  });

  it('lists only net wins: a return at or below the round’s stake is not a win', async () => {
    const p = await newPlayer(t, { balance: 1_000_000n });
    await play(p.memberId, 'slot-4', 'BET', 1_000n, 40);
    await play(p.memberId, 'slot-4', 'WIN', 500n, 40); // ₩5 back on a ₩10 bet
    await play(p.memberId, 'slot-4', 'BET', 1_000n, 41);
    await play(p.memberId, 'slot-4', 'WIN', 1_000n, 41); // the stake back: no win either
    await play(p.memberId, 'slot-4', 'BET', 1_000n, 42);
    await play(p.memberId, 'slot-4', 'WIN', 1_001n, 42); // one minor unit above the stake
    // A query of its own: the board is cached per query for a while.
    const list = (await get('/api/games/winners?limitNum=19&language=en')).json().value.list as {
      gameName: string;
      winAmount: string;
    }[];
    const mine = list.filter((w) => w.gameName === 'Star Reels 4');
    expect(mine.map((w) => w.winAmount)).toEqual(['1001']);
  });

  it('lists the latest 20 wins unless asked for another number', async () => {
    const p = await newPlayer(t, { balance: 1_000_000n });
    for (let i = 0; i < 22; i++) await play(p.memberId, 'slot-3', 'WIN', 1_000n + BigInt(i), 100 + i);
    const list = (await get('/api/games/winners')).json().value.list;
    expect(list).toHaveLength(20);
    expect(list[0].winAmount).toBe('1021');
    expect((await get('/api/games/winners?limitNum=5&gameCategory=RNG')).json().value.list).toHaveLength(5);
  });

  it('lists the games a member launched, newest first', async () => {
    const p = await newPlayer(t);
    const repo = catalogueRepository(t.database.db);
    const a = await repo.byCode('TESTV', 'slot-5');
    const b = await repo.byCode('TESTV', 'dice');
    await repo.recordLaunch(p.memberId, a!.nodeId);
    // The embedded database's clock can give two quick launches the same instant: the first is older.
    await t.database.db
      .updateTable('recentGame')
      .set({ playedAt: sql`now() - interval '1 minute'` })
      .where('memberId', '=', p.memberId)
      .execute();
    await repo.recordLaunch(p.memberId, b!.nodeId);
    const games = (await get('/api/games/recent', bearer(p.token))).json().value.games;
    expect(games.map((g: { gameCode: string }) => g.gameCode)).toEqual(['dice', 'slot-5']);
  });
});

describe('paging, search and counts on a larger list', () => {
  const PAGEV = 'PAGEV';
  /** 25 live-casino tables with many equal sort values: the node id breaks the ties. */
  const table = (i: number): VendorGame => ({
    gameCode: `table-${i}`,
    gameType: 'LIVE',
    names: { en: `Dragon Gate ${i}`, ko: `드래곤 게이트 ${i}` },
    iconUrl: '/x.svg',
    supportPlay: 1,
    sort: i % 4,
  });
  type Card = { nodeId: number; gameCode: string };
  type Page = { content: Card[]; totalElements: number; totalPages: number; nextCursor: string | null };
  const page = async (q: string): Promise<Page> => {
    const res = await get(`/api/games?vassalage=${PAGEV}&${q}`);
    expect(res.statusCode, q).toBe(200);
    return res.json().value;
  };
  /** Every shown game counted again from the rows, per category and vendor: what `game_count` must hold. */
  const recount = async () => {
    const db = t.database.db;
    const stored = await db
      .selectFrom('gameCount')
      .select(['gameType', 'vendorId', 'games'])
      .where('games', '>', '0')
      .orderBy('gameType')
      .orderBy('vendorId')
      .execute();
    const counted = await db
      .selectFrom('game')
      .select(['gameType', 'vendorId', (eb) => eb.fn.countAll<string>().as('games')])
      .where('status', '<>', 'HIDDEN')
      .where('enabled', '=', true)
      .groupBy(['gameType', 'vendorId'])
      .orderBy('gameType')
      .orderBy('vendorId')
      .execute();
    return { stored, counted };
  };

  beforeAll(async () => {
    await t.database.db
      .insertInto('vendor')
      .values({ id: PAGEV, name: 'Paging Vendor', logoUrl: '/x.svg', mode: 'SEAMLESS', status: 'LIVE', sort: 93 })
      .execute();
    await catalogueRepository(t.database.db).sync(
      PAGEV,
      Array.from({ length: 25 }, (_, i) => table(i + 1)),
    );
  });
  afterAll(async () => catalogueRepository(t.database.db).sync(PAGEV, []));

  it('gives the same games whether a deep page is found by its number, after the page before it, or by cursor', async () => {
    // Pages by number, last first, so no page before is known: each is found by its offset.
    const byNumber: Card[][] = [];
    for (let n = 4; n >= 1; n--) byNumber[n - 1] = (await page(`pageSize=7&pageNo=${n}&language=ko`)).content;
    // The same pages walked in order: each after the last game of the page before (keyset).
    const walked: Card[][] = [];
    for (let n = 1; n <= 4; n++) walked.push((await page(`pageSize=7&pageNo=${n}&language=en`)).content);
    // And by the cursor each page hands out, until the last says there is no more.
    const byCursor: Card[][] = [];
    let next: string | null = null;
    do {
      const p: Page = await page(`pageSize=7${next ? `&cursor=${next}` : ''}&language=zh`);
      byCursor.push(p.content);
      expect(p.totalElements).toBe(25);
      next = p.nextCursor;
    } while (next);
    const ids = (pages: Card[][]) => pages.map((p) => p.map((g) => g.nodeId));
    expect(ids(walked)).toEqual(ids(byNumber));
    expect(ids(byCursor)).toEqual(ids(byNumber));
    expect(byNumber.map((p) => p.length)).toEqual([7, 7, 7, 4]);
    const all = byNumber.flat();
    expect(new Set(all.map((g) => g.nodeId)).size).toBe(25);
    // Sort order first (i % 4), then node id: 4, 8, … come first, in the order they were added.
    expect(all.slice(0, 6).map((g) => g.gameCode)).toEqual([
      'table-4',
      'table-8',
      'table-12',
      'table-16',
      'table-20',
      'table-24',
    ]);
    // The repository's keyset page equals its offset page too.
    const repo = catalogueRepository(t.database.db);
    const third = await repo.page({ vassalage: PAGEV }, 3, 7);
    const second = await repo.page({ vassalage: PAGEV }, 2, 7);
    const last = second.rows.at(-1)!;
    const after = await repo.page({ vassalage: PAGEV }, 3, 7, { sort: last.sort, nodeId: last.nodeId });
    expect(after.rows.map((r) => r.nodeId)).toEqual(third.rows.map((r) => r.nodeId));
  });

  it('refuses a malformed cursor and changes nothing', async () => {
    for (const bad of ['abc', '1', '1.x', '1.2.3', `1.${'9'.repeat(19)}`]) {
      const res = await get(`/api/games?cursor=${encodeURIComponent(bad)}`);
      expect([res.statusCode, res.json().code], bad).toEqual([400, 'VALIDATION_FAILED']);
    }
  });

  it('finds games by English and Korean names, whatever the case, and counts what it finds', async () => {
    const total = async (name: string) =>
      (await get(`/api/games?gameName=${encodeURIComponent(name)}`)).json().value.totalElements;
    expect(await total('dragon gate')).toBe(25);
    expect(await total('DRAGON GATE 2')).toBe(7); // 2, 20–25
    expect(await total('드래곤 게이트 1')).toBe(11); // 1, 10–19
    expect(await total('게이트 25')).toBe(1);
    expect(await total('드래곤 게이트 26')).toBe(0);
    const ko = (await get(`/api/games?gameName=${encodeURIComponent('게이트 25')}&language=ko`)).json().value;
    expect(ko.content.map((g: { displayName: string }) => g.displayName)).toEqual(['드래곤 게이트 25']);
  });

  it('searches names through the trigram index on both databases', async () => {
    const { rows } = await sql<{ indexname: string }>`
      SELECT indexname FROM pg_indexes WHERE tablename = 'game' AND indexname = 'game_search_trgm'`.execute(
      t.database.db,
    );
    expect(rows).toHaveLength(1);
  });

  it('keeps every count exact through syncs, hiding, re-categorising, deleting and adding, on the very next request', async () => {
    const db = t.database.db;
    const totals = async () => [
      (await page('')).totalElements,
      (await page('gameType=LIVE')).totalElements,
      (await page('gameType=PVP')).totalElements,
    ];
    expect(await totals()).toEqual([25, 25, 0]);
    await db.updateTable('game').set({ status: 'HIDDEN' }).where('gameCode', 'in', ['table-1', 'table-2']).execute();
    expect(await totals()).toEqual([23, 23, 0]);
    await db.updateTable('game').set({ status: 'MAINTENANCE' }).where('gameCode', '=', 'table-3').execute();
    expect(await totals()).toEqual([23, 23, 0]);
    await db
      .updateTable('game')
      .set({ gameType: 'PVP' })
      .where('vendorId', '=', PAGEV)
      .where('gameCode', 'in', ['table-3', 'table-4', 'table-1'])
      .execute();
    expect(await totals()).toEqual([23, 21, 2]);
    await db.deleteFrom('game').where('vendorId', '=', PAGEV).where('gameCode', '=', 'table-1').execute();
    expect(await totals()).toEqual([23, 21, 2]);
    await db.deleteFrom('game').where('vendorId', '=', PAGEV).where('gameCode', '=', 'table-5').execute();
    expect(await totals()).toEqual([22, 20, 2]);
    await catalogueRepository(db).sync(
      PAGEV,
      Array.from({ length: 12 }, (_, i) => table(i + 1)),
    );
    // The vendor's list wins: 1–12 are live tables again (1 and 5 added anew, 2 shown again), 13–25 hidden.
    expect(await totals()).toEqual([12, 12, 0]);
    const afterSync = await recount();
    expect(afterSync.stored).toEqual(afterSync.counted);
    await catalogueRepository(db).sync(
      PAGEV,
      Array.from({ length: 25 }, (_, i) => table(i + 1)),
    );
    await db.updateTable('game').set({ gameType: 'LIVE', status: 'LIVE' }).where('vendorId', '=', PAGEV).execute();
    expect(await totals()).toEqual([25, 25, 0]);
    const { stored, counted } = await recount();
    expect(stored).toEqual(counted);
  });

  it('keeps the counts exact when many writers change the catalogue at once', async () => {
    const db = t.database.db;
    const codes = Array.from({ length: 25 }, (_, i) => `table-${i + 1}`);
    await Promise.all(
      codes.map((code, i) =>
        db.transaction().execute(async (trx) => {
          await trx
            .updateTable('game')
            .set({ status: i % 3 === 0 ? 'HIDDEN' : 'LIVE', gameType: i % 2 === 0 ? 'PVP' : 'LIVE' })
            .where('vendorId', '=', PAGEV)
            .where('gameCode', '=', code)
            .execute();
          await trx
            .updateTable('game')
            .set({ sort: i })
            .where('vendorId', '=', PAGEV)
            .where('gameCode', '=', codes[(i + 1) % codes.length]!)
            .execute();
        }),
      ),
    );
    const { stored, counted } = await recount();
    expect(stored).toEqual(counted);
    const shown = codes.map((_, i) => i).filter((i) => i % 3 !== 0);
    expect((await page('')).totalElements).toBe(shown.length);
    expect((await page('gameType=PVP')).totalElements).toBe(shown.filter((i) => i % 2 === 0).length);
  });
});
