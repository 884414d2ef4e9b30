// @vitest-environment jsdom
import { LANGUAGE_STORAGE_KEY, THEME_STORAGE_KEY } from '@portal/contracts/limits.ts';
import { describe, expect, it } from 'vitest';
import themeInitScript from '../../public/theme-init.js?raw';
import { applyTheme, readTheme } from './theme.ts';

describe('theme', () => {
  it('keeps the chosen theme in localStorage and on the document', () => {
    applyTheme('light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(readTheme()).toBe('light');
    applyTheme('dark');
    expect(readTheme()).toBe('dark');
  });

  it('the pre-paint script reads the same storage keys as the app', () => {
    const script = themeInitScript;
    expect(script).toContain(`'${THEME_STORAGE_KEY}'`);
    expect(script).toContain(`'${LANGUAGE_STORAGE_KEY}'`);
  });
});
