/** Every screen path of spec §2 (history mode). The server answers them with the web app. */
export const SPA_ROUTES = [
  '/',
  '/index',
  '/index.html',
  '/home',
  '/login',
  '/register',
  '/agent',
  '/agentHome',
  '/member',
  '/help',
  '/helpmc',
  '/livechat',
  '/livechat/chat',
  /** The public chat room (issue 18, decision 056). */
  '/chatRoom',
  '/sports',
  '/esports',
  '/lott',
  '/elott',
  '/pvp',
  '/fish',
  '/rng',
  '/live',
  '/lottery',
  '/seaLottery',
  '/vnLottery',
  '/promotions',
  '/PromotionDetail',
  '/pointMall',
  '/seamless',
  '/sports/more',
  '/esport/more',
  '/live/more',
  '/pvp/more',
  '/lott/more',
  '/elott/more',
  '/slots',
  '/download',
  '/dev/outbox',
] as const;

/**
 * Screens with a parameter in the path: the house vendor's game client is `/play/{gameCode}`; Vault
 * Gaming's table is `/vendor/vault/play` (its own pages, not a screen of the spec).
 */
export const SPA_ROUTE_PREFIXES = ['/play/', '/vendor/vault/'] as const;
