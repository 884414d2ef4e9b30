import { commitServerSeed } from '@portal/house-vendor/fairness/server-seed.ts';
import { replayRound } from '@portal/house-vendor/verify/replay-round.ts';
import { describe, expect, it } from 'vitest';
import { bearer, freePlayAs } from '../../../test/auth-helpers.ts';
import { newPlayer, mainBalance, type TestPlayer } from '../wallet/cashier.test-helpers.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const t = useTestApp();

const toJson = (v: unknown) =>
  JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? String(x) : x)));
let requests = 0;
const requestId = () => `req-${Date.now().toString(36)}-${++requests}`;

async function nodeOf(gameCode: string): Promise<number> {
  const list = (await t.app.inject({ url: `/api/games?vassalage=HOUSE&pageSize=60` })).json().value.content;
  const game = list.find((g: { gameCode: string }) => g.gameCode === gameCode);
  if (!game) throw new Error(`${gameCode} is not in the catalogue`);
  return game.nodeId;
}

/** Launches a house game as the player and opens the vendor session from the launch URL. */
async function open(p: TestPlayer, gameCode: string, mode: 'REAL' | 'DEMO' = 'REAL') {
  const launch = await t.app.inject({
    url: `/api/games/launch?nodeId=${await nodeOf(gameCode)}&mode=${mode}`,
    headers: bearer(p.token),
  });
  expect(launch.statusCode, launch.body).toBe(200);
  const { url } = launch.json().value;
  expect(url).toMatch(new RegExp(`^/play/${gameCode}#`));
  const launchToken = new URLSearchParams(url.split('#')[1]).get('t')!;
  const opened = await t.app.inject({ method: 'POST', url: '/vendor/house/api/session', payload: { launchToken } });
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json().value as {
    session: string;
    balance: string;
    currency: string;
    demo: boolean;
    fairness: { serverSeedHash: string; clientSeed: string; nonce: number };
  };
}

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/vendor/house/api/${url}`, payload });

describe('the house vendor in the catalogue', () => {
  it('lists its eight games, live, with their declared RTP', async () => {
    const list = (await t.app.inject({ url: '/api/games?vassalage=HOUSE&language=en' })).json().value;
    expect(list.totalElements).toBe(8);
    const dice = list.content.find((g: { gameCode: string }) => g.gameCode === 'mini-dice');
    expect(dice).toMatchObject({ displayName: 'Aurora Dice', gameType: 'MINI', status: 'LIVE', supportPlay: 0 });
    expect(dice.rtpBasisPoints).toBe(9900);
  });
});

describe('launching a game', () => {
  it('asks a guest to log in', async () => {
    const res = await t.app.inject({ url: `/api/games/launch?nodeId=${await nodeOf('mini-dice')}` });
    expect(res.statusCode).toBe(401);
  });

  it('refuses real money to a trial account, and lets it play on trial credit', async () => {
    const freePlay = await freePlayAs(t.app);
    const token = freePlay.json().value.token as string;
    const node = await nodeOf('mini-dice');
    const real = await t.app.inject({ url: `/api/games/launch?nodeId=${node}&mode=REAL`, headers: bearer(token) });
    expect(real.statusCode).toBe(403);
    expect(real.json().code).toBe('TRIAL_NOT_ALLOWED');
    const demo = await t.app.inject({ url: `/api/games/launch?nodeId=${node}&mode=DEMO`, headers: bearer(token) });
    expect(demo.json().value).toMatchObject({ mode: 'DEMO', currency: 'TRIAL' });
  });

  it('answers game maintenance when the game is switched off', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    await t.database.db
      .updateTable('game')
      .set({ status: 'MAINTENANCE' })
      .where('gameCode', '=', 'mini-limbo')
      .execute();
    const res = await t.app.inject({
      url: `/api/games/launch?nodeId=${await nodeOf('mini-limbo')}`,
      headers: bearer(p.token),
    });
    await t.database.db.updateTable('game').set({ status: 'LIVE' }).where('gameCode', '=', 'mini-limbo').execute();
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('GAME_MAINTENANCE');
  });

  it('puts a launched game at the top of the recent games', async () => {
    const p = await newPlayer(t, { balance: 10_000n });
    await open(p, 'slot-neon-fruits');
    const recent = (await t.app.inject({ url: '/api/games/recent', headers: bearer(p.token) })).json().value.games;
    expect(recent[0].gameCode).toBe('slot-neon-fruits');
  });
});

describe('playing for real money', () => {
  it('charges the bet and pays the win through the ledger, and the round replays from the revealed seed', async () => {
    const p = await newPlayer(t, { balance: 1_000_000n });
    const s = await open(p, 'mini-dice');
    expect(s).toMatchObject({ balance: '1000000', currency: 'KRW', demo: false });
    const params = { bet: '1000', direction: 'under', targetHundredths: 4950 };
    const played = await post('play', { session: s.session, requestId: requestId(), params });
    expect(played.statusCode, played.body).toBe(200);
    const { round, balance } = played.json().value;
    expect(round).toMatchObject({ status: 'SETTLED', bet: '1000', nonce: s.fairness.nonce, serverSeed: null });
    expect(BigInt(balance)).toBe(1_000_000n - 1000n + BigInt(round.payout));
    expect(await mainBalance(t, p.memberId)).toBe(BigInt(balance));

    const rotated = await post('fairness/rotate', { session: s.session, clientSeed: 'my-lucky-seed' });
    const { revealed, next } = rotated.json().value;
    expect(commitServerSeed(revealed.serverSeed)).toBe(s.fairness.serverSeedHash);
    expect(next).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
    const history = (await t.app.inject({ url: `/vendor/house/api/rounds?session=${s.session}` })).json().value.rounds;
    expect(history[0].serverSeed).toBe(revealed.serverSeed);
    const replayed = replayRound('mini-dice', revealed.serverSeed, history[0].clientSeed, history[0].nonce, params);
    expect(toJson(replayed)).toEqual(history[0].outcome);
  });

  it('answers the same round for a repeated request id and charges once', async () => {
    const p = await newPlayer(t, { balance: 100_000n });
    const s = await open(p, 'slot-aurora-gems');
    const id = requestId();
    const first = await post('play', { session: s.session, requestId: id, params: { bet: '200' } });
    const again = await post('play', { session: s.session, requestId: id, params: { bet: '200' } });
    expect(again.json().value.round).toEqual(first.json().value.round);
    const bets = await t.database.db
      .selectFrom('ledgerTransfer')
      .select('id')
      .where('kind', '=', 'BET')
      .where(({ eb, ref }) => eb(ref('reference', '->>').key('roundId'), '=', first.json().value.round.roundId))
      .execute();
    expect(bets).toHaveLength(1);
  });

  it('refuses a bet above the balance and changes nothing', async () => {
    const p = await newPlayer(t, { balance: 500n });
    const s = await open(p, 'mini-dice');
    const res = await post('play', {
      session: s.session,
      requestId: requestId(),
      params: { bet: '1000', direction: 'over', targetHundredths: 5000 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('WALLET_INSUFFICIENT_FUNDS');
    expect(await mainBalance(t, p.memberId)).toBe(500n);
  });

  it('refuses bad params before any money moves', async () => {
    const p = await newPlayer(t, { balance: 100_000n });
    const s = await open(p, 'mini-dice');
    for (const params of [
      { bet: '-5', direction: 'over', targetHundredths: 5000 },
      { bet: '1.5', direction: 'over', targetHundredths: 5000 },
      { bet: '100', direction: 'sideways', targetHundredths: 5000 },
      { bet: '100', direction: 'over', targetHundredths: 99_999 },
    ]) {
      const res = await post('play', { session: s.session, requestId: requestId(), params });
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
    }
    expect(await mainBalance(t, p.memberId)).toBe(100_000n);
    const fairness = (await t.app.inject({ url: `/vendor/house/api/fairness?session=${s.session}` })).json().value;
    expect(fairness.nonce).toBe(s.fairness.nonce);
  });

  it('refuses an unknown vendor session', async () => {
    const res = await post('play', { session: 'x'.repeat(43), requestId: requestId(), params: { bet: '100' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('GAME_SESSION_EXPIRED');
  });
});

describe('mines, tile by tile', () => {
  it('stakes at the start, pays the cash-out, and keeps the mines hidden until the round ends', async () => {
    const p = await newPlayer(t, { balance: 100_000n });
    const s = await open(p, 'mini-mines');
    const started = await post('mines/start', { session: s.session, requestId: requestId(), bet: '1000', mines: 1 });
    expect(started.statusCode, started.body).toBe(200);
    const { round } = started.json().value;
    expect(round).toMatchObject({ status: 'OPEN', outcome: null });
    expect(await mainBalance(t, p.memberId)).toBe(99_000n);
    expect((await post('fairness/rotate', { session: s.session, clientSeed: 'nope' })).json().code).toBe(
      'ROUND_IN_PROGRESS',
    );

    // With one mine in 25 tiles, open tiles until one is safe (a mine ends the round with nothing paid).
    let last = await post('mines/pick', { session: s.session, roundId: round.roundId, tile: 0 });
    if (last.json().value.safe) {
      expect((await post('mines/pick', { session: s.session, roundId: round.roundId, tile: 0 })).json().code).toBe(
        'TILE_ALREADY_OPEN',
      );
      last = await post('mines/cashout', { session: s.session, roundId: round.roundId });
      const paid = last.json().value.round;
      expect(paid.status).toBe('SETTLED');
      expect(BigInt(paid.payout)).toBeGreaterThan(1000n);
      expect(await mainBalance(t, p.memberId)).toBe(99_000n + BigInt(paid.payout));
    } else {
      expect(last.json().value.round).toMatchObject({ status: 'SETTLED', payout: '0' });
      expect(await mainBalance(t, p.memberId)).toBe(99_000n);
    }
    expect(last.json().value.round.outcome.mineTiles).toHaveLength(1);
    const again = await post('mines/cashout', { session: s.session, roundId: round.roundId });
    expect(again.json().code).toBe('ROUND_NOT_OPEN');
  });
});

describe('demo play', () => {
  it('plays on trial credit and never touches the main wallet', async () => {
    const p = await newPlayer(t, { balance: 5_000n });
    const s = await open(p, 'rng-baccarat', 'DEMO');
    expect(s).toMatchObject({ currency: 'TRIAL', demo: true });
    const res = await post('play', {
      session: s.session,
      requestId: requestId(),
      params: { bets: { banker: '1000' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mainBalance(t, p.memberId)).toBe(5_000n);
    const winners = (await t.app.inject({ url: '/api/games/winners' })).json().value.list;
    expect(winners.every((w: { currency: string }) => w.currency !== 'TRIAL')).toBe(true);
  });
});

describe('answers lost on the way back', () => {
  /** The house vendor with a transport that delivers each call but loses the answer of the chosen actions once. */
  async function flakyHouse(lose: Set<string>) {
    const { houseService } = await import('@portal/vendors/house/house-service.ts');
    const { seamlessClient } = await import('@portal/vendors/house/seamless-client.ts');
    const vendor = await t.database.db
      .selectFrom('vendor')
      .select(['operatorId', 'secret'])
      .where('id', '=', 'HOUSE')
      .executeTakeFirstOrThrow();
    const transport = async (path: string, rawBody: string, headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'POST', url: path, headers, payload: rawBody });
      const action = path.split('/').at(-1)!;
      if (lose.delete(action)) throw new Error(`answer of ${action} lost`);
      return { statusCode: res.statusCode, body: res.body };
    };
    return houseService({
      db: t.database.db as never,
      seamless: seamlessClient(async () => vendor, transport),
    });
  }
  const transfersOfRound = (roundId: string) =>
    t.database.db
      .selectFrom('ledgerTransfer')
      .select(['kind', 'amount'])
      .where(({ eb, ref }) => eb(ref('reference', '->>').key('roundId'), '=', roundId))
      .orderBy('id')
      .execute();
  const ageRounds = () =>
    t.database.db
      .updateTable('houseRound' as never)
      .set({ created_at: new Date(Date.now() - 60_000) } as never)
      .execute();

  it('pays a win whose answer was lost exactly once when settled again', async () => {
    const p = await newPlayer(t, { balance: 100_000n });
    const s = await open(p, 'slot-dragon-lantern');
    const house = await flakyHouse(new Set(['win']));
    const played = await house.play(s.session, requestId(), { bet: '200' });
    expect(played.round.status).toBe('PENDING');
    await ageRounds();
    expect(await house.settlePending()).toBeGreaterThanOrEqual(1);
    const again = (await t.app.inject({ url: `/vendor/house/api/rounds?session=${s.session}` })).json().value.rounds[0];
    expect(again.status).toBe('SETTLED');
    const moves = await transfersOfRound(played.round.roundId);
    expect(moves.filter((m) => m.kind === 'BET')).toHaveLength(1);
    expect(moves.filter((m) => m.kind === 'WIN').length).toBeLessThanOrEqual(1);
    expect(await mainBalance(t, p.memberId)).toBe(100_000n - 200n + BigInt(again.payout));
  });

  it('takes back a bet whose answer was lost, and the player keeps the stake', async () => {
    const p = await newPlayer(t, { balance: 100_000n });
    const s = await open(p, 'mini-limbo');
    const house = await flakyHouse(new Set(['bet']));
    await expect(house.play(s.session, requestId(), { bet: '500', targetHundredths: 200 })).rejects.toMatchObject({
      code: 'GAME_TEMPORARILY_UNAVAILABLE',
    });
    expect(await mainBalance(t, p.memberId)).toBe(100_000n);
  });
});
