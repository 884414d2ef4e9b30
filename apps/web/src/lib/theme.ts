import { THEME_STORAGE_KEY } from '@portal/contracts/limits.ts';

export type Theme = 'dark' | 'light';

export function readTheme(): Theme {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

/** Keeps the choice in localStorage; public/theme-init.js reads it before the next first paint. */
export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-theme', theme);
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'light' ? '#f4f5fb' : '#0b0f24');
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisted when storage is blocked; the theme still applies to this page.
  }
}
