import { FIELD_PATTERNS } from '@portal/contracts/site/field-patterns.ts';
import { checkField, checkMinimumAge } from '@portal/contracts/site/field-validation.ts';
import type { FieldRule } from '@portal/contracts/site/site.contract.ts';
import { describe, expect, it } from 'vitest';
import { i18n, loadLanguage } from '../../../lib/i18n.ts';
import { RESOURCES } from '../../../locales/all-resources.ts';
import { BUNDLED_LANGUAGES } from '../../../locales/resources.ts';
import {
  effectiveRule,
  issueFor,
  readInvitationCode,
  readReferralCode,
  registerFields,
} from '../components/register-form.tsx';
import { forgotTabs } from '../components/forgot-password-dialog.tsx';
import { fieldIssueMessage, fieldName, serverFieldIssues } from './field-messages.ts';

await Promise.all(BUNDLED_LANGUAGES.map(loadLanguage));
const t = i18n.getFixedT('en');
const rule = (field: string, patternId: keyof typeof FIELD_PATTERNS, min: number, max: number): FieldRule => ({
  field,
  enabled: true,
  required: true,
  acceptedPattern: FIELD_PATTERNS[patternId],
  patternId,
  minLength: min,
  maxLength: max,
});

describe('field rule messages', () => {
  it('say "not empty", the length range and the catalogue entry with min and max', () => {
    const username = rule('username', 'LETTER_FIRST_ALNUM', 4, 16);
    expect(fieldIssueMessage(t, checkField(username, '')!)).toBe('This field must not be empty.');
    expect(fieldIssueMessage(t, checkField(username, 'ab')!)).toBe('Please enter 4 - 16 characters');
    expect(fieldIssueMessage(t, checkField(username, '9abc')!)).toBe(
      'Start with a letter, then letters and digits only (4 - 16 characters)',
    );
    expect(fieldIssueMessage(t, { key: 'mismatch' })).toBe('Incorrect confirmation input');
    expect(fieldIssueMessage(t, { key: 'length', min: 2, max: null })).toBe('Please enter at least 2 characters');
  });

  it('have a message for every pattern of the catalogue in every language', () => {
    for (const lang of ['ko', 'en', 'zh'] as const) {
      const patterns = (RESOURCES[lang].auth as { validation: { pattern: Record<string, string> } }).validation.pattern;
      for (const id of Object.keys(FIELD_PATTERNS)) expect(patterns[id], `${lang} ${id}`).toBeTruthy();
    }
  });

  it('fall back to the generic message for an unknown pattern id', () => {
    expect(fieldIssueMessage(t, { key: 'pattern', patternId: 'NEW_ONE', min: 2, max: 8 })).toBe(
      'Please enter 2 - 8 characters',
    );
  });

  it('read the field issues of a VALIDATION_FAILED answer', () => {
    expect(serverFieldIssues({ fields: { username: { key: 'required' }, junk: 3 } })).toEqual({
      username: { key: 'required' },
    });
    expect(serverFieldIssues(undefined)).toEqual({});
    expect(fieldName('body.mobileNum')).toBe('mobileNum');
  });
});

describe('registration form', () => {
  const rules = [
    rule('username', 'LETTER_FIRST_ALNUM', 4, 16),
    rule('password', 'ALNUM_MIXED', 6, 20),
    { ...rule('mobileNum', 'DIGITS', 7, 15), required: false },
    { ...rule('email', 'EMAIL', 5, 64), required: false },
    { ...rule('qqNum', 'DIGITS', 5, 12), enabled: false },
    rule('verificationCode', 'DIGITS', 4, 255),
  ];

  it('shows the enabled fields in the server order, the number first in mobile mode', () => {
    expect(registerFields(rules, 'username', true)).toEqual(['username', 'password', 'mobileNum', 'email']);
    expect(registerFields(rules, 'mobile', true)).toEqual(['mobileNum', 'verificationCode', 'password', 'email']);
    expect(registerFields(rules, 'mobile', false)).toEqual(['mobileNum', 'password', 'email']);
  });

  it('requires the number in mobile mode whatever the rule says, as the server does', () => {
    expect(effectiveRule(rules, 'mobileNum', 'username')?.required).toBe(false);
    expect(effectiveRule(rules, 'mobileNum', 'mobile')?.required).toBe(true);
  });

  it('takes the invitation code from ?affiliateCode= or ?code=', () => {
    expect(readInvitationCode('?affiliateCode=AURORA01')).toBe('AURORA01');
    expect(readInvitationCode('?code=X1')).toBe('X1');
    expect(readInvitationCode('')).toBe('');
  });

  it('takes the referral code from ?referralCode= or ?ref=', () => {
    expect(readReferralCode('?referralCode=FRIEND7')).toBe('FRIEND7');
    expect(readReferralCode('?ref=%20PAL9%20')).toBe('PAL9');
    expect(readReferralCode('?affiliateCode=X')).toBe('');
  });

  it('requires the payment password whenever its field is shown, as the server does', () => {
    const withPay = [...rules, { ...rule('paymentPassword', 'DIGITS', 6, 6), required: false }];
    expect(effectiveRule(withPay, 'paymentPassword', 'username')?.required).toBe(true);
    expect(issueFor(withPay, 'paymentPassword', 'username', { paymentPassword: '111111' }, 18)).toEqual({
      key: 'weak',
      reason: 'repeated',
    });
    expect(issueFor(withPay, 'paymentPassword', 'username', {}, 18)).toEqual({ key: 'required' });
    const hidden = [...rules, { ...rule('paymentPassword', 'DIGITS', 6, 6), enabled: false, required: false }];
    expect(issueFor(hidden, 'paymentPassword', 'username', {}, 18)).toBeNull();
  });

  it('refuses a birthday younger than the minimum age, with the age in the message', () => {
    const withBirthday = [...rules, { ...rule('birthday', 'DATE_YMD', 10, 10), required: false }];
    const today: [number, number, number] = [2026, 11, 23];
    const check = (birthday: string, age = 18) =>
      issueFor(withBirthday, 'birthday', 'username', { birthday }, age, today);
    expect(check('2008-11-23')).toBeNull(); // 18 today
    expect(check('2008-11-24')).toEqual({ key: 'age', age: 18 });
    expect(check('2005-11-24', 21)).toEqual({ key: 'age', age: 21 });
    expect(check('')).toBeNull(); // not required: the terms checkbox covers the age
    expect(fieldIssueMessage(t, { key: 'age', age: 21 })).toBe('You must be at least 21 years old to register.');
  });

  it('reads both date patterns for the age and leaves a non-date to the field rule', () => {
    expect(checkMinimumAge('11-24-2008', 18, [2026, 11, 23])).toEqual({ key: 'age', age: 18 });
    expect(checkMinimumAge('11-23-2008', 18, [2026, 11, 23])).toBeNull();
    expect(checkMinimumAge('2008-02-30', 18, [2026, 11, 23])).toBeNull();
  });
});

describe('forgot password tabs', () => {
  it('shows both only with both flags, mobile alone with only the verification flag', () => {
    expect(forgotTabs({ verif: true, mail: true })).toEqual(['email', 'mobile']);
    expect(forgotTabs({ verif: true, mail: false })).toEqual(['mobile']);
    expect(forgotTabs({ verif: false, mail: true })).toEqual(['email']);
  });
});
