/** Every screen path of spec §2 (history mode). The server answers them with the web app. */
export const SPA_ROUTES = [
  '/', '/index', '/index.html', '/home', '/login', '/register', '/agent', '/agentHome', '/member',
  '/help', '/helpmc', '/sports', '/esports', '/lott', '/elott', '/pvp', '/fish', '/rng', '/live',
  '/lottery', '/seaLottery', '/vnLottery', '/promotions', '/PromotionDetail', '/pointMall', '/seamless',
  '/sports/more', '/esport/more', '/live/more', '/pvp/more', '/lott/more', '/elott/more', '/slots',
  '/download',
] as const;
