// @vitest-environment jsdom
import { getAnnouncements } from '@portal/contracts/content/content.contract.ts';
import { SESSION_TOKEN_STORAGE_KEY } from '@portal/contracts/limits.ts';
import { getSystemStatus } from '@portal/contracts/site/site.contract.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUrl, call } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { i18nReady } from './i18n.ts';

// The visitor's language arrives before the app's first call (main.tsx renders after it).
await i18nReady;

function answer(body: unknown, status = 200) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

const okStatus = {
  success: true,
  message: '',
  value: {
    status: 0,
    maintenance: false,
    regionRestriction: false,
    maintenanceInfo: null,
    location: { ip: '1.2.3.4', country: null },
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('api client', () => {
  it('builds the query string from a route and leaves out empty values', () => {
    expect(buildUrl(getAnnouncements, { types: 'B,PL', language: 'ko', execution: undefined })).toBe(
      '/api/content/announcements?types=B%2CPL&language=ko',
    );
    expect(buildUrl(getSystemStatus)).toBe('/api/system/status');
  });

  it('returns the checked value of a successful answer', async () => {
    vi.stubGlobal('fetch', answer(okStatus));
    await expect(call(getSystemStatus)).resolves.toMatchObject({ status: 0, location: { ip: '1.2.3.4' } });
  });

  it('sends the session token as a bearer token when there is one', async () => {
    const fetchMock = answer(okStatus);
    vi.stubGlobal('fetch', fetchMock);
    window.sessionStorage.setItem(SESSION_TOKEN_STORAGE_KEY, 'tok-1');
    await call(getSystemStatus);
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it('keeps the session token from a call made with session: false (another party’s API)', async () => {
    const fetchMock = answer(okStatus);
    vi.stubGlobal('fetch', fetchMock);
    window.sessionStorage.setItem(SESSION_TOKEN_STORAGE_KEY, 'tok-1');
    await call(getSystemStatus, { session: false });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('throws the server error code, message and field', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ success: false, code: 'VALIDATION_FAILED', message: 'bad', field: 'query.language' }, 400),
    );
    const error = await call(getSystemStatus).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'bad', field: 'query.language', status: 400 });
  });

  it('reports a dropped connection as NETWORK_ERROR with the localized message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await call(getSystemStatus).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR' });
    expect((error as ApiError).message).toMatch(/네트워크|Network/);
  });

  it('refuses an answer whose value does not match the contract', async () => {
    vi.stubGlobal('fetch', answer({ success: true, message: '', value: { status: 9 } }));
    await expect(call(getSystemStatus)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});
