import type {
  BoSelectionExposure,
  BoSportsFixture,
  BoSportsSettings,
  boSportsFixtures,
} from '@portal/contracts/backoffice/sports.contract.ts';
import type { SportsMarket } from '@portal/contracts/sports/sportsbook-vendor.contract.ts';
import type { z } from 'zod';
import { type VendorAdapter, type VendorGame, webPageVendorAdapter } from './vendor-adapter.ts';

export const SPORTS_VENDOR_ID = 'STRIKER';

type Score = { home: number; away: number };
/** What a result by hand changed, for the audit trail. */
interface Revised {
  fixture: BoSportsFixture;
  tickets: number;
  before: { status: string; result: unknown; revision: number };
}

/**
 * What the operator's back office asks of the sportsbook (decision 102): matches with their exposure,
 * one match's markets and open tickets per selection, suspending, results by hand, margins and limits.
 * Refusals come back as the operator's own errors (same code, status and field).
 */
export interface SportsOperatorApi {
  fixtures(
    q: z.infer<NonNullable<(typeof boSportsFixtures)['query']>>,
  ): Promise<z.infer<(typeof boSportsFixtures)['value']>>;
  fixture(id: string): Promise<{
    fixture: BoSportsFixture;
    markets: (SportsMarket & { operatorSuspended: boolean })[];
    selections: BoSelectionExposure[];
  }>;
  suspend(
    fixtureId: string,
    marketId: string | undefined,
    suspended: boolean,
  ): Promise<{ fixture: BoSportsFixture; before: { suspended: boolean; suspendedMarkets: string[] } }>;
  settle(
    fixtureId: string,
    revision: number,
    result: { final: Score; half: Score | null },
    by: string,
    reason: string,
  ): Promise<Revised>;
  voidMatch(fixtureId: string, revision: number, by: string, reason: string): Promise<Revised>;
  settings(): Promise<BoSportsSettings>;
  saveSettings(s: BoSportsSettings): Promise<{ settings: BoSportsSettings; before: BoSportsSettings }>;
}

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
 * /sports and /esports pages. Real money only: tickets settle after the session may have ended.
 */
export function sportsAdapter(vendor?: { endSessions(playerId: string): Promise<void> }): VendorAdapter {
  return webPageVendorAdapter({
    vendorId: SPORTS_VENDOR_ID,
    vendor,
    games: () => GAMES,
    page: (gameCode) => (gameCode === 'striker-esports' ? '/esports' : '/sports'),
  });
}
