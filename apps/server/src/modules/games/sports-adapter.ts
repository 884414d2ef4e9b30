import type { LaunchMode, LaunchSession, VendorAdapter, VendorGame } from './vendor-adapter.ts';

export const SPORTS_VENDOR_ID = 'STRIKER';

/** The sportsbook's two clients: the sports book and the e-sports book (one vendor, two lanes). */
const GAMES: VendorGame[] = [
  {
    gameCode: 'striker-sports',
    gameType: 'SPORTS',
    name: 'Striker Sportsbook',
    names: { ko: '스트라이커 스포츠북', en: 'Striker Sportsbook', zh: '前锋体育' },
    supportsDemo: false,
  },
  {
    gameCode: 'striker-esports',
    gameType: 'ESPORTS',
    name: 'Striker E-sports',
    names: { ko: '스트라이커 e스포츠', en: 'Striker E-sports', zh: '前锋电竞' },
    supportsDemo: false,
  },
];

/**
 * The operator's adapter for the in-process sportsbook (decision 100). Its clients are the web app's
 * /sports and /esports pages; the session token travels in the fragment, as for the house games and
 * the lottery. Real money only: tickets settle after the session may have ended.
 */
export function sportsAdapter(vendor?: { endSessions(playerId: string): Promise<void> }): VendorAdapter {
  return {
    ...(vendor ? { endPlayerSessions: (playerId: string) => vendor.endSessions(playerId) } : {}),
    vendorId: SPORTS_VENDOR_ID,
    mode: 'SEAMLESS',
    async listGames(): Promise<VendorGame[]> {
      return GAMES;
    },
    async launchUrl(session: LaunchSession, mode: LaunchMode): Promise<string> {
      const fragment = new URLSearchParams({ t: session.token, lang: session.language, mode });
      return `${session.gameCode === 'striker-esports' ? '/esports' : '/sports'}#${fragment.toString()}`;
    },
  };
}
