import { describe, expect, it } from 'vitest';
import { toMessageLanguage, verificationMessage } from './verification-message.ts';
import { passwordResetMessage } from '../auth/password-reset-message.ts';

const base = { brand: 'Aurora Play', code: '042917', minutes: 1 } as const;

describe('verification texts', () => {
  it('writes one SMS line per language and purpose', () => {
    expect(verificationMessage({ ...base, language: 'ko', purpose: 'REGISTER', channel: 'SMS' })).toEqual({
      subject: null,
      body: '[Aurora Play] 회원가입 인증번호 042917 (1분 이내 입력)',
    });
    expect(verificationMessage({ ...base, language: 'en', purpose: 'NEW_IP', channel: 'SMS' }).body).toBe(
      '[Aurora Play] New device code 042917 (enter within 1 minute)',
    );
    expect(verificationMessage({ ...base, minutes: 3, language: 'en', purpose: 'LOGIN', channel: 'SMS' }).body).toBe(
      '[Aurora Play] Login code 042917 (enter within 3 minutes)',
    );
    expect(verificationMessage({ ...base, language: 'zh', purpose: 'RESET', channel: 'SMS' }).body).toBe(
      '[Aurora Play] 重置密码验证码 042917（1分钟内输入）',
    );
  });

  it('gives an e-mail a subject and a line for those who did not ask', () => {
    const mail = verificationMessage({ ...base, language: 'ko', purpose: 'RESET', channel: 'EMAIL' });
    expect(mail.subject).toBe('[Aurora Play] 비밀번호 재설정 인증번호');
    expect(mail.body).toContain('042917');
    expect(mail.body).toContain('본인이 요청하지 않았다면');
  });

  it('falls back to Korean, the default language, for a language it does not write', () => {
    expect(toMessageLanguage('en-US')).toBe('en');
    expect(toMessageLanguage('zh_CN')).toBe('zh');
    expect(toMessageLanguage('vi')).toBe('ko');
    expect(toMessageLanguage(undefined)).toBe('ko');
  });
});

describe('counts in the texts follow each language’s plural rules', () => {
  it('says "1 minute" and "10 minutes" in English, and one form in Korean and Chinese', () => {
    const en = (minutes: number) =>
      verificationMessage({ ...base, minutes, language: 'en', purpose: 'LOGIN', channel: 'SMS' }).body;
    expect(en(1)).toContain('(enter within 1 minute)');
    expect(en(10)).toContain('(enter within 10 minutes)');
    expect(
      verificationMessage({ ...base, minutes: 10, language: 'ko', purpose: 'LOGIN', channel: 'SMS' }).body,
    ).toContain('10분 이내 입력');
  });

  it('writes the reset e-mail the same way', () => {
    expect(passwordResetMessage({ language: 'en', brand: 'Aurora Play', link: 'L', minutes: 1 }).body).toContain(
      'valid for 1 minute, once',
    );
    expect(passwordResetMessage({ language: 'en', brand: 'Aurora Play', link: 'L', minutes: 30 }).body).toContain(
      'valid for 30 minutes, once',
    );
    expect(passwordResetMessage({ language: 'zh', brand: 'Aurora Play', link: 'L', minutes: 30 }).subject).toBe(
      '[Aurora Play] 重置密码',
    );
  });
});
