import { createHash, randomBytes } from 'node:crypto';
import {
  type MoneyCall,
  type SeamlessClient,
  type SeamlessResult,
  SeamlessUnavailable,
} from './house/seamless-client.ts';
import { VendorApiError } from './vendor-api.ts';

/**
 * What the built-in seamless vendors (house games, lottery, sportsbook) share about a player's
 * session and its money calls: a session opened on the operator's launch token and kept by the hash
 * of the vendor's own token, the balance read through the operator, and a stake charged once with a
 * lost answer rolled back. Each vendor keeps its own session table (decision 030); this piece only
 * reads and writes it through the three calls the vendor hands in.
 */

/** How long a vendor session lasts; the operator's token decides when bets stop being taken. */
export const SESSION_HOURS = 8;

/** A session token is stored only as its hash. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What the refusals call the thing being bought, and what is said when the operator could not be reached. */
export interface RefusalWords {
  /** "bet" or "ticket": "Your balance is not enough for this …". */
  stake: string;
  /** The message of a temporary failure, e.g. "The ticket could not be placed now; try again." */
  unavailable: string;
}

/** What a refused seamless answer means to the player. */
export function seamlessRefusal(result: SeamlessResult, words: RefusalWords): VendorApiError {
  switch (result.status) {
    case 'INSUFFICIENT_FUNDS':
      return new VendorApiError(
        'WALLET_INSUFFICIENT_FUNDS',
        409,
        `Your balance is not enough for this ${words.stake}.`,
      );
    case 'TOKEN_EXPIRED':
    case 'INVALID_TOKEN':
      return sessionEnded();
    case 'USER_BLOCKED':
      return new VendorApiError('ACCOUNT_DISABLED', 403, 'This account cannot play now.');
    case 'LIMIT_REACHED':
      return new VendorApiError('BET_LIMIT_REACHED', 409, 'A betting limit has been reached.');
    case 'INVALID_GAME':
      return new VendorApiError('GAME_MAINTENANCE', 503, 'The game is under maintenance.');
    default:
      return new VendorApiError('GAME_TEMPORARILY_UNAVAILABLE', 503, words.unavailable);
  }
}

const sessionEnded = () =>
  new VendorApiError('GAME_SESSION_EXPIRED', 401, 'This game session has ended; open the game again.');

/** A seamless call's answer, or null when the answer was lost (its outcome is unknown). */
export async function answerOf(send: () => Promise<SeamlessResult>): Promise<SeamlessResult | null> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof SeamlessUnavailable) return null;
    throw error;
  }
}

/** The bet of a ticket charged under its own id (the lottery's and the sportsbook's): its key and its round. */
export const ticketBet = (
  ticket: { id: string; gameCode: string; stake: string; currency: string },
  token: string,
): MoneyCall => ({
  token,
  transactionId: ticket.id,
  roundId: ticket.id,
  gameCode: ticket.gameCode,
  amount: BigInt(ticket.stake),
  currency: ticket.currency,
});

/** A ticket's win (its payout; 0 for a lost one) under the ticket's one win key `{ticketId}:win`. */
export const ticketWin = (
  ticket: { id: string; gameCode: string; currency: string; operatorToken: string },
  payout: bigint,
): MoneyCall => ({
  token: ticket.operatorToken,
  transactionId: `${ticket.id}:win`,
  roundId: ticket.id,
  gameCode: ticket.gameCode,
  amount: payout,
  currency: ticket.currency,
});

/** The columns every vendor's session table has. */
export interface VendorSessionRow {
  id: string;
  playerId: string;
  operatorToken: string;
  gameCode: string;
  currency: string;
  expiresAt: Date;
}

export interface VendorSessionDeps<Row extends VendorSessionRow> {
  seamless: SeamlessClient;
  now: () => Date;
  words: RefusalWords;
  /** The session stored under a token hash. */
  find: (id: string) => Promise<Row | undefined>;
  /** Stores a new session (a vendor with a `demo` column derives it from the currency). */
  insert: (row: VendorSessionRow) => Promise<unknown>;
  /** Ends a player's open sessions at `at`. */
  end: (playerId: string, at: Date) => Promise<unknown>;
}

/** One vendor's sessions and the balance and stake calls made with them. */
export function vendorSessions<Row extends VendorSessionRow>({
  seamless,
  now,
  words,
  find,
  insert,
  end,
}: VendorSessionDeps<Row>) {
  const refusal = (result: SeamlessResult) => seamlessRefusal(result, words);

  /** A bet refused by the operator, or of unknown fate and rolled back: the caller voids it, then this throws. */
  async function chargeStake(
    bet: MoneyCall,
    { placed, voided }: { placed: () => Promise<unknown>; voided: () => Promise<unknown> },
  ): Promise<void> {
    const result = (await answerOf(() => seamless.bet(bet))) ?? {
      status: 'TEMPORARY_ERROR' as const,
      balance: null,
      currency: null,
      request_id: null,
    };
    if (result.status === 'OK') {
      await placed();
      return;
    }
    // Whether the bet was taken is unknown: take it back. If even that fails, the vendor's retry will.
    if (result.status !== 'TEMPORARY_ERROR' || (await rollBack(bet))) await voided();
    throw refusal(result);
  }

  /**
   * Takes back a bet whose answer was lost (keyed `<round>:rollback`); true once the operator has it
   * back or never took it.
   */
  async function rollBack(bet: Pick<MoneyCall, 'token' | 'transactionId' | 'roundId'>): Promise<boolean> {
    const r = await answerOf(() =>
      seamless.rollback({
        token: bet.token,
        transactionId: `${bet.roundId}:rollback`,
        referenceTransactionId: bet.transactionId,
        roundId: bet.roundId,
      }),
    );
    // TRANSACTION_NOT_FOUND: the bet never arrived, and the operator now refuses it if it does.
    return r !== null && (r.status === 'OK' || r.status === 'TRANSACTION_NOT_FOUND');
  }

  return {
    refusal,
    chargeStake,
    rollBack,

    /** The session of a vendor token still open, or GAME_SESSION_EXPIRED. */
    async require(token: string): Promise<Row> {
      const s = await find(hashToken(token));
      if (!s || s.expiresAt.getTime() < now().getTime()) throw sessionEnded();
      return s;
    },

    /** The player's balance as the operator holds it. */
    async balance(operatorToken: string): Promise<string> {
      const r = await answerOf(() => seamless.balance(operatorToken));
      if (r === null)
        throw new VendorApiError('GAME_TEMPORARILY_UNAVAILABLE', 503, 'The balance could not be read; try again.');
      if (r.status === 'OK' && r.balance !== null) return r.balance;
      throw refusal(r);
    },

    /**
     * Opens a session on the operator's launch token: the operator names the player, the game and
     * the currency; `gameCode` checks the game is this vendor's and answers its code.
     */
    async open(launchToken: string, gameCode: (code: string) => string = (code) => code) {
      const auth = await answerOf(() => seamless.authenticate(launchToken));
      if (auth === null)
        throw new VendorApiError('GAME_TEMPORARILY_UNAVAILABLE', 503, 'The game could not be opened; try again.');
      if (auth.status !== 'OK' || !auth.player_id || !auth.game_code || !auth.currency) throw refusal(auth);
      const code = gameCode(auth.game_code);
      const session = randomBytes(32).toString('base64url');
      await insert({
        id: hashToken(session),
        playerId: auth.player_id,
        operatorToken: launchToken,
        gameCode: code,
        currency: auth.currency,
        expiresAt: new Date(now().getTime() + SESSION_HOURS * 3_600_000),
      });
      return {
        session,
        playerId: auth.player_id,
        gameCode: code,
        currency: auth.currency,
        balance: auth.balance ?? '0',
      };
    },

    /**
     * Ends the player's open sessions here (the operator asks when the member signs out everywhere).
     * What was already played still settles: the operator accepts its wins after the token ended.
     */
    async end(playerId: string): Promise<void> {
      await end(playerId, now());
    },
  };
}
