import { describe, expect, it } from 'vitest';
import { type MoneyCall, type SeamlessResult, SeamlessUnavailable, sendWins } from './seamless-client.ts';

const wins = (n: number): MoneyCall[] =>
  Array.from({ length: n }, (_, i) => ({
    token: 't'.repeat(20),
    transactionId: `tx-${i}`,
    roundId: `r-${i}`,
    gameCode: 'g',
    amount: BigInt(i),
    currency: 'KRW',
  }));
const ok = (status: SeamlessResult['status']): SeamlessResult => ({
  status,
  balance: null,
  currency: null,
  request_id: null,
});

describe('sending many wins (decision 104)', () => {
  it('shares the wins evenly among calls of at most 100, keeping every round of calls full', async () => {
    for (const [n, sizes] of [
      [500, [63, 63, 63, 63, 63, 63, 63, 59]],
      [400, [100, 100, 100, 100]],
      [30, [8, 8, 8, 6]],
      [1, [1]],
    ] as const) {
      const seen: number[] = [];
      await sendWins(
        {
          wins: async (calls) => {
            seen.push(calls.length);
            return calls.map(() => ok('OK'));
          },
        },
        wins(n),
        4,
      );
      expect(seen.sort((a, b) => b - a)).toEqual([...sizes]);
    }
  });

  it("answers each win's status in order, and unknown (null) for every win of a call that did not answer", async () => {
    const answers = await sendWins(
      {
        wins: async (calls) => {
          return calls.map((c) => ok(Number(c.amount) % 2 ? 'TRANSACTION_NOT_FOUND' : 'OK'));
        },
      },
      wins(8),
      1,
    );
    // One round of one call: all eight wins in the first call.
    expect(answers).toEqual([
      'OK',
      'TRANSACTION_NOT_FOUND',
      'OK',
      'TRANSACTION_NOT_FOUND',
      'OK',
      'TRANSACTION_NOT_FOUND',
      'OK',
      'TRANSACTION_NOT_FOUND',
    ]);
    const lost = await sendWins(
      {
        wins: async () => {
          throw new SeamlessUnavailable('lost');
        },
      },
      wins(3),
      4,
    );
    expect(lost).toEqual([null, null, null]);
  });

  it('lets an unexpected failure through instead of calling it unknown', async () => {
    await expect(
      sendWins(
        {
          wins: async () => {
            throw new TypeError('bug');
          },
        },
        wins(2),
        2,
      ),
    ).rejects.toThrow(TypeError);
  });
});
