import { describe, expect, it } from 'vitest';
import { guardDecision, needsSession } from './route-guard.ts';

describe('route guard', () => {
  it('sends a guest on a member route to /login', () => {
    for (const path of ['/member', '/agentHome', '/lottery', '/seaLottery', '/vnLottery', '/pointMall', '/seamless']) {
      expect(guardDecision(path, null)).toEqual({ kind: 'redirect', to: '/login' });
    }
  });

  it('lets a visitor with a session token through', () => {
    expect(guardDecision('/member', 'tok-123')).toEqual({ kind: 'pass' });
    expect(guardDecision('/lottery', 'tok-123')).toEqual({ kind: 'pass' });
  });

  it('treats a blank token as no token', () => {
    expect(guardDecision('/pointMall', '   ')).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('lets everyone reach public routes', () => {
    for (const path of [
      '/',
      '/home',
      '/rng',
      '/live/more',
      '/help',
      '/helpmc',
      '/agent',
      '/login',
      '/register',
      '/download',
      '/promotions',
    ]) {
      expect(guardDecision(path, null)).toEqual({ kind: 'pass' });
    }
  });

  it('matches a trailing slash and sub-paths but not look-alike routes', () => {
    expect(needsSession('/member/')).toBe(true);
    expect(needsSession('/member/depositv2')).toBe(true);
    expect(needsSession('/members')).toBe(false);
    expect(needsSession('/agent')).toBe(false);
  });
});
