import { RateSchema } from './contracts.contract.ts';
import { describe, expect, it } from 'vitest';
import {
  checkTiers,
  compareDecimal,
  draftOf,
  formatRate,
  percentToRate,
  rateToPercent,
  type TierDraft,
} from './contract-terms.ts';

const row = (threshold: string, percent: string, activeMembers = '0'): TierDraft => ({
  threshold,
  activeMembers,
  percent,
});

describe('contract rates as percentages', () => {
  it('moves the decimal point in the text, exactly, both ways', () => {
    expect(percentToRate('0.5')).toBe('0.005');
    expect(percentToRate('1.25')).toBe('0.0125');
    expect(percentToRate('100')).toBe('1');
    expect(percentToRate('12')).toBe('0.12');
    expect(percentToRate('0.0001')).toBe('0.000001');
    expect(rateToPercent('0.005')).toBe('0.5');
    expect(rateToPercent('0.0125')).toBe('1.25');
    expect(rateToPercent('1')).toBe('100');
    expect(rateToPercent('1.000000')).toBe('100');
    expect(rateToPercent('0.000001')).toBe('0.0001');
    expect(formatRate('0.3')).toBe('30%');
  });

  it('gives the server rates its schema accepts, where floats would not ("0.1" + "0.2")', () => {
    for (const p of ['0.1', '0.2', '0.3', '33.3333', '0.0001', '100', '7'])
      expect(RateSchema.safeParse(percentToRate(p)).success).toBe(true);
    expect(percentToRate('0.3')).toBe('0.003');
  });

  it('compares decimal texts of any length without floats', () => {
    expect(compareDecimal('0.005', '0.0050')).toBe(0);
    expect(compareDecimal('0.1', '0.09')).toBe(1);
    expect(compareDecimal('0.000001', '0.000002')).toBe(-1);
    expect(compareDecimal('1', '0.999999')).toBe(1);
    expect(compareDecimal('123456789012345678', '123456789012345677')).toBe(1);
  });
});

describe('the tier editor rules', () => {
  it('turns rising tiers into the offer the server takes: minor units and rate fractions', () => {
    const r = checkTiers([row('0', '0.5'), row('1,000', '1', '3'), row('5000.5', '1.5', '10')], 'DAILY_SALARY', '0.02');
    expect(r).toEqual({
      ok: true,
      tiers: [
        { minValidBet: '0', minActiveMembers: 0, rate: '0.005' },
        { minValidBet: '100000', minActiveMembers: 3, rate: '0.01' },
        { minValidBet: '500050', minActiveMembers: 10, rate: '0.015' },
      ],
    });
  });

  it('uses the team loss as the threshold of a dividend', () => {
    const r = checkTiers([row('100', '10')], 'DIVIDEND', null);
    expect(r).toEqual({ ok: true, tiers: [{ minLoss: '10000', minActiveMembers: 0, rate: '0.1' }] });
  });

  it('refuses thresholds that do not rise strictly from tier to tier', () => {
    const same = checkTiers([row('1000', '1'), row('1000', '2')], 'HOURLY_SALARY', '0.05');
    expect(same).toEqual({ ok: false, rows: [{}, { threshold: 'notRising' }] });
    const lower = checkTiers([row('1000', '1'), row('999.99', '2')], 'HOURLY_SALARY', '0.05');
    expect(lower.ok).toBe(false);
    if (!lower.ok) expect(lower.rows[1]).toEqual({ threshold: 'notRising' });
  });

  it('refuses a rate that falls from one tier to the next, and allows an equal one', () => {
    expect(checkTiers([row('0', '2'), row('10', '1.5')], 'DAILY_SALARY', null)).toEqual({
      ok: false,
      rows: [{}, { percent: 'rateFalls' }],
    });
    expect(checkTiers([row('0', '2'), row('10', '2')], 'DAILY_SALARY', null).ok).toBe(true);
  });

  it('refuses any tier above the offering agent’s own rate, to the last decimal', () => {
    expect(checkTiers([row('0', '1'), row('10', '1.0001')], 'REALTIME_SALARY', '0.01')).toEqual({
      ok: false,
      rows: [{}, { percent: 'aboveMax' }],
    });
    expect(checkTiers([row('0', '1')], 'REALTIME_SALARY', '0.010000').ok).toBe(true);
  });

  it('refuses more decimals than a rate holds, zero, above 100 % and text that is not a number', () => {
    const r = checkTiers(
      [row('0', '0.00001'), row('1', '0'), row('2', '100.5'), row('3', '1e2'), row('4', '-1'), row('5', '')],
      'DAILY_SALARY',
      null,
    );
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.rows.map((e) => e.percent)).toEqual(['decimals', 'positive', 'range', 'format', 'format', 'required']);
  });

  it('refuses thresholds with more than two decimals or that are not amounts, and bad member counts', () => {
    const r = checkTiers(
      [
        row('1.005', '1'),
        row('abc', '1'),
        row('', '1'),
        row('5', '1', '1.5'),
        row('6', '1', '100001'),
        row('7', '1', ''),
      ],
      'DAILY_SALARY',
      null,
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.rows.map((e) => e.threshold)).toEqual([
        'decimals',
        'format',
        'required',
        undefined,
        undefined,
        undefined,
      ]);
      expect(r.rows.map((e) => e.activeMembers)).toEqual([
        undefined,
        undefined,
        undefined,
        'format',
        'range',
        'required',
      ]);
    }
  });

  it('needs at least one tier and at most the limit', () => {
    expect(checkTiers([], 'DAILY_SALARY', null)).toEqual({ ok: false, rows: [], form: 'none' });
    const eleven = Array.from({ length: 11 }, (_, i) => row(String(i * 10), '1'));
    expect(checkTiers(eleven, 'DAILY_SALARY', null)).toMatchObject({ ok: false, form: 'tooMany' });
  });

  it('reads a contract’s tiers back into the form unchanged (edit as a new offer)', () => {
    const tiers = [
      { minValidBet: '0', minActiveMembers: 0, rate: '0.005' },
      { minValidBet: '100050', minActiveMembers: 4, rate: '0.0125' },
    ];
    const drafts = tiers.map((t) => draftOf(t, 'DAILY_SALARY'));
    expect(drafts).toEqual([row('0', '0.5', '0'), row('1000.5', '1.25', '4')]);
    expect(checkTiers(drafts, 'DAILY_SALARY', '0.0125')).toEqual({ ok: true, tiers });
  });
});
