import { describe, expect, it } from 'vitest';
import { MAX_MINOR_AMOUNT } from '../limits.ts';
import { jsonNumbersArePlainIntegers, SeamlessBetSchema } from './seamless.contract.ts';

const bet = (amount: unknown) =>
  SeamlessBetSchema.safeParse({
    token: 't'.repeat(20),
    transaction_id: 'tx',
    round_id: 'r',
    game_code: 'g',
    amount,
    currency: 'KRW',
  }).success;

describe('seamless amounts', () => {
  it('accept whole minor units up to the shared maximum, as a string or a number', () => {
    expect(bet('0')).toBe(true);
    expect(bet(MAX_MINOR_AMOUNT.toString())).toBe(true);
    expect(bet(Number(MAX_MINOR_AMOUNT))).toBe(true);
  });

  it('refuse what no wallet could hold, and anything that is not a whole number', () => {
    for (const amount of ['9007199254740992', '9999999999999999999', '-1', '1.5', '1e3', '007', '', 2 ** 53, 1.5, -1])
      expect(bet(amount), String(amount)).toBe(false);
  });
});

describe('number tokens of a seamless body', () => {
  it('pass when every number is written as a plain integer', () => {
    expect(jsonNumbersArePlainIntegers('{"amount":1000,"n":-3,"ok":true,"x":null}')).toBe(true);
    expect(jsonNumbersArePlainIntegers('{"amount":"1e3","note":"100.0"}')).toBe(true);
  });

  it('fail on an exponent or a fraction, even a whole one, outside strings', () => {
    for (const written of ['1e3', '1E+3', '100.0', '0.5', '1.0e2', '-2.0'])
      expect(jsonNumbersArePlainIntegers(`{"a":"x\\"y","amount":${written}}`), written).toBe(false);
  });
});
