import { createHmac } from 'node:crypto';
import {
  SEAMLESS_HEADERS,
  SEAMLESS_PREFIX,
  type SeamlessAnswer,
  type SeamlessStatus,
} from '@portal/contracts/games/seamless.contract.ts';
import { inParallel } from '@portal/contracts/in-parallel.ts';
import { VENDOR } from '@portal/contracts/limits.ts';

/**
 * How the vendor reaches the operator: an HTTP POST of a raw body with headers. In-process it is
 * Fastify's inject; as its own process it is fetch. Either way the call is signed exactly as an
 * outside vendor's would be (DESIGN.md §3).
 */
export type SeamlessTransport = (
  path: string,
  rawBody: string,
  headers: Record<string, string>,
) => Promise<{ statusCode: number; body: string }>;

export interface SeamlessCredentials {
  operatorId: string;
  secret: string;
}

/** A call whose answer never came or could not be read: its outcome is unknown. */
export class SeamlessUnavailable extends Error {}

export interface MoneyCall {
  token: string;
  transactionId: string;
  roundId: string;
  gameCode: string;
  amount: bigint;
  currency: string;
}

export type SeamlessResult = SeamlessAnswer & { status: SeamlessStatus };

export function fetchTransport(baseUrl: string, timeoutMs = 5_000): SeamlessTransport {
  return async (path, rawBody, headers) => {
    const res = await fetch(new URL(path, baseUrl), {
      method: 'POST',
      headers,
      body: rawBody,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { statusCode: res.status, body: await res.text() };
  };
}

export function seamlessClient(credentials: () => Promise<SeamlessCredentials>, transport: SeamlessTransport) {
  let sequence = 0;
  async function post(action: string, payload: Record<string, unknown>): Promise<SeamlessResult> {
    const { operatorId, secret } = await credentials();
    sequence += 1;
    const body = JSON.stringify({ request_id: `house-${Date.now().toString(36)}-${sequence}`, ...payload });
    const headers = {
      'content-type': 'application/json',
      [SEAMLESS_HEADERS.operatorId]: operatorId,
      [SEAMLESS_HEADERS.timestamp]: String(Math.floor(Date.now() / 1000)),
      [SEAMLESS_HEADERS.signature]: createHmac('sha256', secret).update(body).digest('hex'),
    };
    let answer: { statusCode: number; body: string };
    try {
      answer = await transport(`${SEAMLESS_PREFIX}/${action}`, body, headers);
    } catch (error) {
      throw new SeamlessUnavailable(`seamless ${action} did not answer`, { cause: error });
    }
    try {
      const parsed = JSON.parse(answer.body) as SeamlessResult;
      if (typeof parsed.status !== 'string') throw new Error('no status');
      return parsed;
    } catch (error) {
      throw new SeamlessUnavailable(`seamless ${action} answered ${answer.statusCode} unreadably`, { cause: error });
    }
  }
  const money = (c: MoneyCall) => ({
    token: c.token,
    transaction_id: c.transactionId,
    round_id: c.roundId,
    game_code: c.gameCode,
    amount: c.amount.toString(),
    currency: c.currency,
  });
  return {
    authenticate: (token: string) => post('authenticate', { token }),
    balance: (token: string) => post('balance', { token }),
    bet: (c: MoneyCall) => post('bet', money(c)),
    win: (c: MoneyCall) => post('win', money(c)),
    /**
     * Many wins in one call (decision 104): each item's answer, in order. A call refused as a whole
     * or answered without one answer per item throws SeamlessUnavailable: every item's outcome is
     * then unknown, and each is sent again under its own key.
     */
    async wins(calls: readonly MoneyCall[]): Promise<SeamlessResult[]> {
      const r = (await post('wins', { wins: calls.map(money) })) as SeamlessResult & { results?: unknown };
      if (r.status !== 'OK' || !Array.isArray(r.results) || r.results.length !== calls.length)
        throw new SeamlessUnavailable(`seamless wins answered ${r.status} without an answer for each win`);
      return r.results as SeamlessResult[];
    },
    rollback: (c: { token: string; transactionId: string; referenceTransactionId: string; roundId: string }) =>
      post('rollback', {
        token: c.token,
        transaction_id: c.transactionId,
        reference_transaction_id: c.referenceTransactionId,
        round_id: c.roundId,
      }),
  };
}
export type SeamlessClient = ReturnType<typeof seamlessClient>;

/** `wins` calls of one settler in flight at once (decision 104): 4 × 4 wins applied at once by the operator. */
const WIN_CALLS_IN_FLIGHT = 4;

/**
 * Sends many wins as `wins` calls of at most VENDOR.seamlessBatchMax, `inFlight` calls at a time (a
 * settler paying a draw or a match), the wins shared evenly among the calls; answers each win's status in order, null where the outcome is
 * unknown (the call did not answer): such a win is sent again later under the same key.
 */
export async function sendWins(
  client: Pick<SeamlessClient, 'wins'>,
  calls: readonly MoneyCall[],
  inFlight = WIN_CALLS_IN_FLIGHT,
): Promise<(SeamlessStatus | null)[]> {
  // Calls of equal size, as many as a multiple of `inFlight`: every round keeps `inFlight` calls busy.
  const rounds = Math.ceil(Math.ceil(calls.length / VENDOR.seamlessBatchMax) / inFlight);
  const size = Math.ceil(calls.length / Math.max(1, rounds * inFlight));
  const chunks: MoneyCall[][] = [];
  for (let i = 0; i < calls.length; i += size) chunks.push(calls.slice(i, i + size));
  const answers = await inParallel(chunks, inFlight, async (chunk) => {
    try {
      return (await client.wins(chunk)).map((r) => r.status);
    } catch (error) {
      if (error instanceof SeamlessUnavailable) return chunk.map(() => null);
      throw error;
    }
  });
  return answers.flat();
}
