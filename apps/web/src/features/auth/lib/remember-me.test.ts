// @vitest-environment jsdom
import { LIMITS } from '@portal/contracts/limits.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { REMEMBER_STORAGE_KEY, clearRemembered, readRemembered, writeRemembered } from './remember-me.ts';

describe('remember me', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the username and the SMS phone for one day', () => {
    writeRemembered({ username: 'demo01' }, 1000);
    writeRemembered({ mobileNum: '1012345678', countryDialingCode: '82' }, 2000);
    expect(readRemembered(2000 + LIMITS.rememberCookieMs - 1)).toEqual({
      username: 'demo01',
      mobileNum: '1012345678',
      countryDialingCode: '82',
    });
    expect(readRemembered(2000 + LIMITS.rememberCookieMs)).toBeNull();
    expect(window.localStorage.getItem(REMEMBER_STORAGE_KEY)).toBeNull();
  });

  it('never stores a password', () => {
    writeRemembered({ username: 'demo01', password: 'Demo1234' } as never, 0);
    expect(window.localStorage.getItem(REMEMBER_STORAGE_KEY)).not.toContain('Demo1234');
  });

  it('forgets everything when unchecked', () => {
    writeRemembered({ username: 'demo01' });
    clearRemembered();
    expect(readRemembered()).toBeNull();
  });

  it('ignores a damaged entry', () => {
    window.localStorage.setItem(REMEMBER_STORAGE_KEY, '{not json');
    expect(readRemembered()).toBeNull();
  });
});
