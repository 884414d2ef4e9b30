import type { RouteValue } from '@portal/contracts/http.ts';
import * as sb from '@portal/contracts/sports/sportsbook-vendor.contract.ts';
import { call } from '../../../lib/api-client.ts';
import { launchToken } from '../../../lib/vendor-launch.ts';

export type { SportsFixture, SportsMarket, SportsTicket } from '@portal/contracts/sports/sportsbook-vendor.contract.ts';
export type SportsBookValue = RouteValue<typeof sb.sportsBook>;
export type FixturePage = RouteValue<typeof sb.sportsFixture>;
export type SportsGroup = 'sports' | 'esports';
export type OddsPolicy = 'ANY' | 'HIGHER' | 'ASK';

/** The sportsbook's vendor id in the portal's catalogue, and its two clients' game codes. */
export const SPORTS_VENDOR = 'STRIKER';
export const GAME_OF: Record<SportsGroup, string> = { sports: 'striker-sports', esports: 'striker-esports' };

/** The book's query keys (the live socket writes into the same entries). */
export const sportsKeys = {
  book: (group: SportsGroup) => ['sports', 'book', group] as const,
  fixture: (id: string) => ['sports', 'fixture', id] as const,
  tickets: (session: string, status: string) => ['sports', 'tickets', session, status] as const,
};

const opts = (signal?: AbortSignal) => ({ session: false as const, ...(signal ? { signal } : {}) });

/**
 * The sportsbook vendor's own API. Fixtures and prices are public; tickets need the vendor session
 * opened from the operator's launch token, so the portal's bearer token is never sent to it.
 */
export const sportsApi = {
  book: (group: SportsGroup, signal?: AbortSignal) =>
    call(sb.sportsBook, { query: { group, hours: 12 }, ...opts(signal) }),
  fixture: (id: string, signal?: AbortSignal) => call(sb.sportsFixture, { query: { id }, ...opts(signal) }),
  open: (launchToken: string) => call(sb.sportsOpenSession, { body: { launchToken }, session: false }),
  place: (body: {
    session: string;
    requestId: string;
    stake: string;
    policy: OddsPolicy;
    legs: { fixtureId: string; marketId: string; selection: string; oddsBp: number }[];
  }) => call(sb.sportsPlaceTicket, { body, session: false }),
  cashOut: (body: { session: string; ticketId: string; offer: string }) =>
    call(sb.sportsCashOut, { body, session: false }),
  tickets: (session: string, status: 'open' | 'settled', signal?: AbortSignal) =>
    call(sb.sportsTickets, { query: { session, status, limit: 30 }, ...opts(signal) }),
};

/** Launches the sportsbook through the portal and answers its launch token (see `launchToken`). */
export const launchSports = (group: SportsGroup, language: string): Promise<string> =>
  launchToken(SPORTS_VENDOR, GAME_OF[group], language);
