import type { GameCard, LaunchMode } from '@portal/contracts/games/games.contract.ts';

export interface Player {
  loggedIn: boolean;
  isTrial: boolean;
}

export type LaunchDecision = 'login' | 'register-first' | 'maintenance' | 'coming' | 'launch';

/**
 * What a click on play or free trial does (spec §4 game start, §6 roles). A game that cannot start
 * says so to everyone; otherwise a guest logs in first, and a trial account may play DEMO only.
 */
export function launchDecision(player: Player, game: Pick<GameCard, 'status'>, mode: LaunchMode): LaunchDecision {
  if (game.status === 'MAINTENANCE') return 'maintenance';
  if (game.status === 'COMING') return 'coming';
  if (!player.loggedIn) return 'login';
  if (player.isTrial && mode === 'REAL') return 'register-first';
  return 'launch';
}

/** The buttons of a game card (spec §2): play always, free trial when supportPlay is 0. */
export function cardButtons(game: Pick<GameCard, 'supportPlay' | 'status'>): {
  trial: boolean;
  playable: boolean;
} {
  return { trial: game.supportPlay === 0, playable: game.status === 'LIVE' };
}

/** The RTP badge: basis points as a percentage with two decimals (9620 → "96.20%"); none when unpublished. */
export function rtpLabel(basisPoints: number | null | undefined): string | null {
  if (basisPoints === null || basisPoints === undefined || !Number.isFinite(basisPoints) || basisPoints <= 0) {
    return null;
  }
  return `${(basisPoints / 100).toFixed(2)}%`;
}

/**
 * Where the browser goes for a launched game: a same-origin path (the house vendor's client under
 * /play/…) as is, an absolute http(s) address as is; anything else (javascript:, data:, //host) is refused.
 */
export function launchTarget(url: string): string | null {
  const value = url.trim();
  if (value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
