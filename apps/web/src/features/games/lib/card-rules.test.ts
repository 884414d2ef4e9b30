import { describe, expect, it } from 'vitest';
import { cardButtons, launchDecision, launchTarget, rtpLabel } from './card-rules.ts';

const guest = { loggedIn: false, isTrial: false };
const trial = { loggedIn: true, isTrial: true };
const member = { loggedIn: true, isTrial: false };
const live = { status: 'LIVE' as const };

describe('starting a game', () => {
  it('asks a guest to log in, for play and for free trial alike', () => {
    expect(launchDecision(guest, live, 'REAL')).toBe('login');
    expect(launchDecision(guest, live, 'DEMO')).toBe('login');
  });

  it('asks a trial account to register before real money, and lets it play the free trial', () => {
    expect(launchDecision(trial, live, 'REAL')).toBe('register-first');
    expect(launchDecision(trial, live, 'DEMO')).toBe('launch');
  });

  it('starts the game for a member in either mode', () => {
    expect(launchDecision(member, live, 'REAL')).toBe('launch');
    expect(launchDecision(member, live, 'DEMO')).toBe('launch');
  });

  it('says a game under maintenance or still to come cannot start, whoever asks', () => {
    for (const player of [guest, trial, member]) {
      expect(launchDecision(player, { status: 'MAINTENANCE' }, 'REAL')).toBe('maintenance');
      expect(launchDecision(player, { status: 'COMING' }, 'DEMO')).toBe('coming');
    }
  });
});

describe('the game card', () => {
  it('offers a free trial only when supportPlay is 0', () => {
    expect(cardButtons({ supportPlay: 0, status: 'LIVE' })).toEqual({ trial: true, playable: true });
    expect(cardButtons({ supportPlay: 1, status: 'LIVE' })).toEqual({ trial: false, playable: true });
    expect(cardButtons({ supportPlay: 0, status: 'MAINTENANCE' }).playable).toBe(false);
  });

  it('shows the declared RTP with two decimals, and no badge when none is published', () => {
    expect(rtpLabel(9620)).toBe('96.20%');
    expect(rtpLabel(9894)).toBe('98.94%');
    expect(rtpLabel(null)).toBeNull();
    expect(rtpLabel(0)).toBeNull();
  });
});

describe('the address of a launched game', () => {
  it('follows a same-origin game client path and an outside https address', () => {
    expect(launchTarget('/play/slot-aurora-gems?session=abc')).toBe('/play/slot-aurora-gems?session=abc');
    expect(launchTarget('https://games.example.com/launch?t=1')).toBe('https://games.example.com/launch?t=1');
  });

  it('refuses addresses that are not a web page', () => {
    expect(launchTarget('javascript:alert(1)')).toBeNull();
    expect(launchTarget('data:text/html,hi')).toBeNull();
    expect(launchTarget('//evil.example.com/x')).toBeNull();
    expect(launchTarget('/\\evil.example.com')).toBeNull();
    expect(launchTarget('')).toBeNull();
  });
});
