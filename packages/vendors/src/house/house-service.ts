import { randomBytes } from 'node:crypto';
import type { HouseRound } from '@portal/contracts/house/house-vendor.contract.ts';
import { createFairRng } from '@portal/house-vendor/fairness/fair-rng.ts';
import { commitServerSeed, generateServerSeed } from '@portal/house-vendor/fairness/server-seed.ts';
import { findHouseGame, type HouseGameOutcome } from '@portal/house-vendor/games/game-registry.ts';
import { MINES, MINES_TILES, minesLayout, minesMultiplier } from '@portal/house-vendor/games/mines.ts';
import { HouseGameError } from '@portal/house-vendor/house-game-error.ts';
import { parseBet } from '@portal/house-vendor/minor-units.ts';
import { replayRound } from '@portal/house-vendor/verify/replay-round.ts';
import { type HouseDb, type HouseRoundRow, houseStore as store } from './house-store.ts';
import { type SeamlessClient, SeamlessUnavailable } from './seamless-client.ts';
import { VendorApiError } from '../vendor-api.ts';
import { vendorSessions } from '../vendor-session.ts';

/** A round whose bet or win answer was lost is settled again once it is this old. */
const SETTLE_RETRY_AFTER_MS = 15_000;

type RoundRow = HouseRoundRow;
type SessionRow = Awaited<ReturnType<typeof store.session>> & object;

/** Outcomes hold bigints; JSON holds their decimal text. */
const toJson = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

const defaultClientSeed = () => randomBytes(8).toString('hex');

function gameError(error: unknown): never {
  if (error instanceof HouseGameError) {
    if (error.code === 'INVALID_BET') throw new VendorApiError('INVALID_BET', 400, error.message);
    throw new VendorApiError('VALIDATION_FAILED', 400, error.message);
  }
  throw error;
}

export interface HouseServiceDeps {
  db: HouseDb;
  seamless: SeamlessClient;
}

/**
 * The house vendor's rules. It knows a player by the operator's session token and an opaque player
 * id; it commits a server seed before play and draws every outcome from (serverSeed, clientSeed,
 * nonce); it charges and pays only through signed seamless calls, outside any database transaction
 * of its own, and a call whose answer is lost is settled again later, never guessed.
 */
export function houseService({ db, seamless }: HouseServiceDeps) {
  const sessions = vendorSessions<SessionRow>({
    seamless,
    now: () => new Date(),
    words: { stake: 'bet', unavailable: 'The game could not be played now; try again.' },
    find: (id) => store.session(db, id),
    insert: (row) => store.insertSession(db, { ...row, demo: row.currency === 'TRIAL' }),
    end: (playerId, at) => store.endSessions(db, playerId, at),
  });
  const requireSession = sessions.require;
  const currentBalance = (s: SessionRow) => sessions.balance(s.operatorToken);
  const rollBack = (round: RoundRow, s: SessionRow) =>
    sessions.rollBack({ token: s.operatorToken, transactionId: `${round.id}:bet`, roundId: round.id });

  /** The player's active seed pair, created on first use; locked when `trx` asks for it. */
  async function activeSeed(exec: Parameters<typeof store.activeSeed>[0], playerId: string, lock: boolean) {
    const found = await store.activeSeed(exec, playerId, lock);
    if (found) return found;
    const serverSeed = generateServerSeed();
    await store.insertSeed(exec, {
      playerId,
      serverSeed,
      serverSeedHash: commitServerSeed(serverSeed),
      clientSeed: defaultClientSeed(),
    });
    const created = await store.activeSeed(exec, playerId, lock);
    if (!created) throw new Error('seed pair could not be created');
    return created;
  }

  async function view(roundId: string): Promise<HouseRound> {
    const r = await store.roundWithSeed(db, roundId);
    if (!r) throw new VendorApiError('NOT_FOUND', 404, 'No such round.');
    return toView(r);
  }

  function toView(r: RoundRow & { serverSeedHash: string; clientSeed: string; serverSeed: string | null }): HouseRound {
    // A round shows its outcome once its bet is taken: never for a refused bet or an open mines board.
    const hidden = r.status === 'BETTING' || r.status === 'VOID' || r.status === 'OPEN';
    return {
      roundId: r.id,
      gameCode: r.gameCode,
      bet: String(r.bet),
      payout: String(r.payout),
      currency: r.currency,
      status:
        r.status === 'SETTLED' ? 'SETTLED' : r.status === 'VOID' ? 'VOID' : r.status === 'OPEN' ? 'OPEN' : 'PENDING',
      params: r.params,
      outcome: hidden ? null : r.outcome,
      serverSeedHash: r.serverSeedHash,
      serverSeed: r.serverSeed,
      clientSeed: r.clientSeed,
      nonce: r.nonce,
      createdAt: new Date(r.createdAt).toISOString(),
    };
  }

  /**
   * Reserves the next nonce and records the round before any money moves, so a lost answer can be
   * found and settled again. `decide` validates the player's choice and computes what is stored.
   */
  async function reserveRound(
    s: SessionRow,
    requestId: string,
    decide: (seeds: { serverSeed: string; clientSeed: string; nonce: number }) => {
      bet: bigint;
      payout: bigint;
      params: unknown;
      outcome: unknown;
    },
  ): Promise<{ id: string; existing: boolean }> {
    const before = await store.roundByRequest(db, s.playerId, requestId);
    if (before) return { id: before.id, existing: true };
    const id = `hr_${randomBytes(12).toString('hex')}`;
    try {
      await db.transaction().execute(async (trx) => {
        const seed = await activeSeed(trx, s.playerId, true);
        let decided: ReturnType<typeof decide>;
        try {
          decided = decide({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nextNonce });
        } catch (error) {
          gameError(error);
        }
        await store.takeNonce(trx, seed.id);
        await store.insertRound(trx, {
          id,
          playerId: s.playerId,
          sessionId: s.id,
          requestId,
          gameCode: s.gameCode,
          seedId: seed.id,
          nonce: seed.nextNonce,
          currency: s.currency,
          bet: decided.bet.toString(),
          payout: decided.payout.toString(),
          params: toJson(decided.params),
          outcome: toJson(decided.outcome),
          status: 'BETTING',
        });
      });
    } catch (error) {
      // The same request sent twice at once: the second finds the first's round.
      const again = await store.roundByRequest(db, s.playerId, requestId);
      if (again) return { id: again.id, existing: true };
      throw error;
    }
    return { id, existing: false };
  }

  /** Places the bet of a BETTING round. A refusal voids it; an unknown answer rolls it back. */
  async function placeBet(round: RoundRow, s: SessionRow, next: 'OPEN' | 'SETTLING'): Promise<void> {
    await sessions.chargeStake(
      {
        token: s.operatorToken,
        transactionId: `${round.id}:bet`,
        roundId: round.id,
        gameCode: round.gameCode,
        amount: BigInt(round.bet),
        currency: round.currency,
      },
      {
        placed: () => store.updateRound(db, round.id, { status: next }, 'BETTING'),
        voided: () => store.updateRound(db, round.id, { status: 'VOID', settledAt: new Date() }, 'BETTING'),
      },
    );
  }

  /** Pays a SETTLING round (a payout of 0 settles a lost one). Answers the balance when known. */
  async function payOut(round: RoundRow, s: SessionRow): Promise<string | null> {
    try {
      const r = await seamless.win({
        token: s.operatorToken,
        transactionId: `${round.id}:win`,
        roundId: round.id,
        gameCode: round.gameCode,
        amount: BigInt(round.payout),
        currency: round.currency,
      });
      if (r.status === 'OK') {
        await store.updateRound(db, round.id, { status: 'SETTLED', settledAt: new Date() }, 'SETTLING');
        return r.balance;
      }
      return null;
    } catch (error) {
      if (error instanceof SeamlessUnavailable) return null;
      throw error;
    }
  }

  async function loadRound(id: string): Promise<RoundRow> {
    const r = await store.round(db, id);
    if (!r) throw new VendorApiError('NOT_FOUND', 404, 'No such round.');
    return r as RoundRow;
  }

  /** Bet, then pay: the round as played, and the balance after it. */
  async function settle(id: string, s: SessionRow): Promise<{ round: HouseRound; balance: string }> {
    let round = await loadRound(id);
    if (round.status === 'BETTING') {
      await placeBet(round, s, 'SETTLING');
      round = await loadRound(id);
    }
    let balance: string | null = null;
    if (round.status === 'SETTLING') balance = await payOut(round, s);
    return { round: await view(id), balance: balance ?? (await currentBalance(s)) };
  }

  async function openMinesRound(s: SessionRow, roundId: string, lock: Parameters<typeof store.round>[0]) {
    const round = (await store.round(lock, roundId)) as RoundRow | undefined;
    if (!round || round.playerId !== s.playerId || round.gameCode !== MINES.code)
      throw new VendorApiError('NOT_FOUND', 404, 'No such round.');
    if (round.status !== 'OPEN') throw new VendorApiError('ROUND_NOT_OPEN', 409, 'This round is over.');
    return round;
  }

  const minesState = (round: RoundRow) => {
    const params = round.params as { bet: string; mines: number; picks: number[] };
    const layout = (round.outcome as { mineTiles: number[] }).mineTiles;
    return { params, layout };
  };

  /** Ends a mines round from its picks, replayed exactly as the verify view will replay it. */
  async function finishMines(s: SessionRow, round: RoundRow, picks: number[]) {
    const seed = await store.roundWithSeed(db, round.id);
    const { params } = minesState(round);
    const seedRow = await db
      .selectFrom('houseSeed')
      .select('serverSeed')
      .where('id', '=', round.seedId)
      .executeTakeFirstOrThrow();
    const finalParams = { bet: params.bet, mines: params.mines, picks };
    const outcome = replayRound(MINES.code, seedRow.serverSeed, seed!.clientSeed, round.nonce, finalParams);
    const updated = await store.updateRound(
      db,
      round.id,
      { status: 'SETTLING', payout: outcome.payout, params: toJson(finalParams), outcome: toJson(outcome) },
      'OPEN',
    );
    if (!updated) throw new VendorApiError('ROUND_NOT_OPEN', 409, 'This round is over.');
    return settle(round.id, s);
  }

  return {
    async openSession(launchToken: string) {
      const opened = await sessions.open(launchToken, (code) => findHouseGame(code).metadata.code);
      const game = findHouseGame(opened.gameCode).metadata;
      const seed = await activeSeed(db, opened.playerId, false);
      return {
        session: opened.session,
        playerId: opened.playerId,
        game: {
          code: game.code,
          category: game.category,
          rtpBasisPoints: game.rtpBasisPoints,
          minBet: game.minBet.toString(),
          maxBet: game.maxBet.toString(),
        },
        currency: opened.currency,
        demo: opened.currency === 'TRIAL',
        balance: opened.balance,
        fairness: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nextNonce },
      };
    },

    endSessions: sessions.end,

    async balance(token: string) {
      const s = await requireSession(token);
      return { balance: await currentBalance(s), currency: s.currency };
    },

    async play(token: string, requestId: string, params: Record<string, unknown>) {
      const s = await requireSession(token);
      if (s.gameCode === MINES.code)
        throw new VendorApiError('VALIDATION_FAILED', 400, 'Mines is played tile by tile: start, pick, cash out.');
      const game = findHouseGame(s.gameCode);
      const { id } = await reserveRound(s, requestId, (seeds) => {
        const outcome: HouseGameOutcome = game.play(createFairRng(seeds), params);
        // The outcome is fixed before the bet and recorded with it; it is shown once the bet is taken.
        return { bet: outcome.bet, payout: outcome.payout, params, outcome };
      });
      return settle(id, s);
    },

    async minesStart(token: string, requestId: string, bet: string, mines: number) {
      const s = await requireSession(token);
      if (s.gameCode !== MINES.code)
        throw new VendorApiError('VALIDATION_FAILED', 400, 'This session is not a mines game.');
      const open = await db
        .selectFrom('houseRound')
        .select('id')
        .where('playerId', '=', s.playerId)
        .where('gameCode', '=', MINES.code)
        .where('status', '=', 'OPEN')
        .executeTakeFirst();
      if (open) throw new VendorApiError('ROUND_IN_PROGRESS', 409, 'Finish the open round first.');
      const { id } = await reserveRound(s, requestId, (seeds) => {
        const stake = parseBet(bet, MINES);
        const mineTiles = minesLayout(createFairRng(seeds), mines);
        return { bet: stake, payout: 0n, params: { bet: stake.toString(), mines, picks: [] }, outcome: { mineTiles } };
      });
      const round = await loadRound(id);
      if (round.status === 'BETTING') await placeBet(round, s, 'OPEN');
      return { round: await view(id), balance: await currentBalance(s) };
    },

    async minesPick(token: string, roundId: string, tile: number) {
      const s = await requireSession(token);
      const picked = await db.transaction().execute(async (trx) => {
        const round = await openMinesRound(s, roundId, trx);
        const { params, layout } = minesState(round);
        if (params.picks.includes(tile))
          throw new VendorApiError('TILE_ALREADY_OPEN', 409, 'This tile is open already.');
        const picks = [...params.picks, tile];
        const safe = !layout.includes(tile);
        if (safe && picks.length < MINES_TILES - params.mines)
          await store.updateRound(trx, roundId, { params: toJson({ ...params, picks }) }, 'OPEN');
        return { round, picks, safe, mines: params.mines };
      });
      if (!picked.safe || picked.picks.length === MINES_TILES - picked.mines) {
        const done = await finishMines(s, picked.round, picked.picks);
        const m = minesMultiplier(picked.mines, picked.picks.length);
        return {
          ...done,
          safe: picked.safe,
          multiplierBasisPoints: picked.safe ? Number((m.numerator * 10_000n) / m.denominator) : 0,
        };
      }
      const m = minesMultiplier(picked.mines, picked.picks.length);
      return {
        round: await view(roundId),
        safe: true,
        multiplierBasisPoints: Number((m.numerator * 10_000n) / m.denominator),
        balance: await currentBalance(s),
      };
    },

    async minesCashout(token: string, roundId: string) {
      const s = await requireSession(token);
      const round = await openMinesRound(s, roundId, db);
      const { params } = minesState(round);
      if (params.picks.length === 0) throw new VendorApiError('ROUND_NOT_OPEN', 409, 'Open at least one tile first.');
      return finishMines(s, round, params.picks);
    },

    async fairness(token: string) {
      const s = await requireSession(token);
      const seed = await activeSeed(db, s.playerId, false);
      return { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, nonce: seed.nextNonce };
    },

    async rotateSeed(token: string, clientSeed: string) {
      const s = await requireSession(token);
      return db.transaction().execute(async (trx) => {
        const seed = await activeSeed(trx, s.playerId, true);
        const open = await trx
          .selectFrom('houseRound')
          .select('id')
          .where('seedId', '=', seed.id)
          .where('status', 'in', ['OPEN', 'BETTING'])
          .executeTakeFirst();
        // Revealing the seed of an open mines round would reveal its mines.
        if (open) throw new VendorApiError('ROUND_IN_PROGRESS', 409, 'Finish the open round first.');
        await store.retireSeed(trx, seed.id);
        const serverSeed = generateServerSeed();
        const next = await store.insertSeed(trx, {
          playerId: s.playerId,
          serverSeed,
          serverSeedHash: commitServerSeed(serverSeed),
          clientSeed,
        });
        if (!next) throw new Error('seed rotation raced');
        return {
          revealed: {
            serverSeed: seed.serverSeed,
            serverSeedHash: seed.serverSeedHash,
            clientSeed: seed.clientSeed,
            nonce: seed.nextNonce,
          },
          next: { serverSeedHash: next.serverSeedHash, clientSeed: next.clientSeed, nonce: 0 },
        };
      });
    },

    async rounds(token: string, limit: number) {
      const s = await requireSession(token);
      const rows = await store.recentRounds(db, s.playerId, s.gameCode, limit);
      return { rounds: rows.map((r) => toView(r as RoundRow & (typeof rows)[number])) };
    },

    /**
     * Rounds left behind by a lost answer: a bet of unknown fate is rolled back, a win not yet
     * acknowledged is sent again with the same transaction id (the operator applies it once).
     */
    async settlePending(): Promise<number> {
      const rows = await store.unsettled(db, new Date(Date.now() - SETTLE_RETRY_AFTER_MS), 100);
      let settled = 0;
      for (const r of rows) {
        const s = await store.session(db, r.sessionId);
        if (!s) continue;
        if (r.status === 'BETTING') {
          if (await rollBack(r as RoundRow, s)) {
            await store.updateRound(db, r.id, { status: 'VOID', settledAt: new Date() }, 'BETTING');
            settled += 1;
          }
        } else if ((await payOut(r as RoundRow, s)) !== null) settled += 1;
      }
      return settled;
    },
  };
}
export type HouseService = ReturnType<typeof houseService>;
