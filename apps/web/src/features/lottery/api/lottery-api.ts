import type { RouteValue } from '@portal/contracts/http.ts';
import * as lotto from '@portal/contracts/lottery/lottery-vendor.contract.ts';
import { call } from '../../../lib/api-client.ts';
import { launchToken } from '../../../lib/vendor-launch.ts';

export type {
  LotteryDraw,
  LotteryGameInfo,
  LotteryTicket,
  LotteryTrends,
} from '@portal/contracts/lottery/lottery-vendor.contract.ts';
export type LotteryGames = RouteValue<typeof lotto.lotteryGames>;
export type BuyAnswer = RouteValue<typeof lotto.lotteryBuyTicket>;
export type TicketHistoryPage = RouteValue<typeof lotto.lotteryTicketHistory>;
// A type, not an interface: the client's query parameter accepts it as a record.
export type TicketHistoryFilters = {
  status?: (typeof lotto.LOTTERY_HISTORY_STATUSES)[number] | undefined;
  gameCode?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
};

/** The lottery vendor's vendor id in the portal's catalogue. */
export const LOTTERY_VENDOR = 'LOTTO';

/**
 * The lottery vendor's own API. Draws are public; tickets need the vendor session opened from the
 * operator's launch token, so the portal's bearer token is never sent to it.
 */
export const lotteryApi = {
  games: (signal?: AbortSignal) => call(lotto.lotteryGames, { session: false, ...(signal ? { signal } : {}) }),
  draws: (gameCode: string, limit = 20, signal?: AbortSignal) =>
    call(lotto.lotteryDraws, { query: { gameCode, limit }, session: false, ...(signal ? { signal } : {}) }),
  draw: (drawId: string, signal?: AbortSignal) =>
    call(lotto.lotteryDraw, { query: { drawId }, session: false, ...(signal ? { signal } : {}) }),
  trends: (gameCode: string, draws: number, signal?: AbortSignal) =>
    call(lotto.lotteryTrends, { query: { gameCode, draws }, session: false, ...(signal ? { signal } : {}) }),
  open: (launchToken: string) => call(lotto.lotteryOpenSession, { body: { launchToken }, session: false }),
  balance: (session: string) => call(lotto.lotteryBalance, { query: { session }, session: false }),
  buy: (body: {
    session: string;
    requestId: string;
    drawId: string;
    betType: string;
    selection: string;
    stake: string;
  }) => call(lotto.lotteryBuyTicket, { body, session: false }),
  tickets: (session: string, limit = 30, signal?: AbortSignal) =>
    call(lotto.lotteryTickets, { query: { session, limit }, session: false, ...(signal ? { signal } : {}) }),
  history: (session: string, filters: TicketHistoryFilters, signal?: AbortSignal) =>
    call(lotto.lotteryTicketHistory, {
      query: { session, ...filters },
      session: false,
      ...(signal ? { signal } : {}),
    }),
};

/** Launches a lottery game through the portal and answers its launch token (see `launchToken`). */
export const launchLottery = (gameCode: string, language: string): Promise<string> =>
  launchToken(LOTTERY_VENDOR, gameCode, language);
