import { describe, expect, it } from 'vitest';
import { originAllowed } from './realtime.routes.ts';

describe('who may open the live channel', () => {
  it('a page of the host the request came to, when the site names no origins', () => {
    expect(originAllowed('https://play.example.com', 'play.example.com', undefined)).toBe(true);
    expect(originAllowed('http://127.0.0.1:8080', '127.0.0.1:8080', [])).toBe(true);
    expect(originAllowed('https://evil.example', 'play.example.com', undefined)).toBe(false);
    expect(originAllowed('https://play.example.com.evil.example', 'play.example.com', undefined)).toBe(false);
    expect(originAllowed('null', 'play.example.com', undefined)).toBe(false);
  });

  it('only the configured origins, when SITE_ORIGINS names them', () => {
    const site = ['https://play.example.com', 'https://m.example.com'];
    expect(originAllowed('https://m.example.com', 'internal:8080', site)).toBe(true);
    expect(originAllowed('http://m.example.com', 'm.example.com', site)).toBe(false);
    expect(originAllowed('https://evil.example', 'evil.example', site)).toBe(false);
  });
});
