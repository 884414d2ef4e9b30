import type { BoLotteryDraw, BoLotteryLimits } from '@portal/contracts/backoffice/lottery.contract.ts';
import { type LotteryMenuGame, type PrizeMode } from '@portal/contracts/games/games.contract.ts';
import { PRIZE_MODE_LOTTERY } from '@portal/contracts/games/lottery-portal.contract.ts';
import type { DrawStatus, LotteryDraw, LotteryGameInfo } from '@portal/contracts/lottery/lottery-vendor.contract.ts';
import { LOTTERY_GAMES, oddsTable } from '@portal/house-vendor/lottery/lottery-games.ts';
import { type VendorAdapter, webPageVendorAdapter } from './vendor-adapter.ts';

export const LOTTERY_VENDOR_ID = 'LOTTO';

/**
 * What the operator's back office asks of the lottery vendor (decision 091): its draws with their
 * exposure and limits, and cancelling a draw before its result. Refusals come back as the operator's
 * own errors (same code, status and field).
 */
export interface LotteryOperatorApi {
  draws(q: {
    gameCode?: string | undefined;
    status?: DrawStatus | undefined;
    limit: number;
  }): Promise<{ draws: BoLotteryDraw[]; limits: BoLotteryLimits[] }>;
  cancelDraw(drawId: string, reason: string, by: string): Promise<{ draw: BoLotteryDraw; refunded: number }>;
  /** The vendor's public games call: every game with its open draws and last result, and its clock. */
  games(): Promise<{ serverTime: string; games: LotteryGameInfo[] }>;
  /** The vendor's public draws call: a game's drawn draws, newest first. */
  recentDraws(gameCode: string, limit: number): Promise<{ draws: LotteryDraw[] }>;
}

/** The built-in lottery's games a prize mode offers, each with its odds table (spec §4, decision 092). */
export function lotteryOddsTables(prizeMode: PrizeMode): LotteryMenuGame[] {
  return LOTTERY_GAMES.filter((g) => PRIZE_MODE_LOTTERY[prizeMode](g.code)).map((g) => ({
    code: g.code,
    family: g.family.code,
    intervalMs: g.intervalMs,
    cutoffMs: g.cutoffMs,
    minStake: g.minStake.toString(),
    maxStake: g.maxStake.toString(),
    maxPayout: g.maxPayout.toString(),
    lane: g.lane,
    betTypes: oddsTable(g),
  }));
}

/** The catalogue's names of the lottery games; the engines carry codes only. */
const NAMES: Record<string, Record<'ko' | 'en' | 'zh', string>> = {
  'lotto-5d-1m': { ko: '5D 스피드 1분', en: '5D Fast 1 min', zh: '5D 极速 1分钟' },
  'lotto-5d-3m': { ko: '5D 스피드 3분', en: '5D Fast 3 min', zh: '5D 极速 3分钟' },
  'lotto-5d-5m': { ko: '5D 스피드 5분', en: '5D Fast 5 min', zh: '5D 极速 5分钟' },
  'lotto-k3-1m': { ko: '스피드 주사위 1분', en: 'Fast Dice 1 min', zh: '极速快三 1分钟' },
  'lotto-k3-3m': { ko: '스피드 주사위 3분', en: 'Fast Dice 3 min', zh: '极速快三 3分钟' },
  'lotto-k3-5m': { ko: '스피드 주사위 5분', en: 'Fast Dice 5 min', zh: '极速快三 5分钟' },
  'lotto-pk10-1m': { ko: '스피드 레이스 1분', en: 'Fast Race 1 min', zh: '极速赛车 1分钟' },
  'lotto-pk10-3m': { ko: '스피드 레이스 3분', en: 'Fast Race 3 min', zh: '极速赛车 3分钟' },
  'lotto-pk10-5m': { ko: '스피드 레이스 5분', en: 'Fast Race 5 min', zh: '极速赛车 5分钟' },
  'lotto-vn-north': { ko: '베트남 복권 북부', en: 'Vietnam Lottery North', zh: '越南彩 北部' },
  'lotto-vn-south': { ko: '베트남 복권 남부', en: 'Vietnam Lottery South', zh: '越南彩 南部' },
  'lotto-vn-central': { ko: '베트남 복권 중부', en: 'Vietnam Lottery Central', zh: '越南彩 中部' },
  'lotto-sea': { ko: 'SEA 데일리', en: 'SEA Daily', zh: 'SEA 每日彩' },
};

/** The page that plays a game: the fast draws on /lottery, the Vietnam draws on /vnLottery, SEA on /seaLottery. */
export function lotteryPage(gameCode: string): string {
  if (gameCode.startsWith('lotto-vn-')) return '/vnLottery';
  if (gameCode === 'lotto-sea') return '/seaLottery';
  return '/lottery';
}

/**
 * The operator's adapter for the in-process lottery vendor (decision 090). Its game client is the
 * web app's lottery page (/lottery, /vnLottery or /seaLottery with ?gameCode=, login required). Real money only: a draw settles after
 * the session, so there is no trial-credit play.
 */
export function lotteryAdapter(vendor?: { endSessions(playerId: string): Promise<void> }): VendorAdapter {
  return webPageVendorAdapter({
    vendorId: LOTTERY_VENDOR_ID,
    vendor,
    games: () =>
      LOTTERY_GAMES.map((g) => {
        const names = NAMES[g.code] ?? { ko: g.code, en: g.code, zh: g.code };
        return { gameCode: g.code, gameType: g.lane, name: names.en, names, supportsDemo: false };
      }),
    page: (gameCode) => `${lotteryPage(gameCode)}?gameCode=${encodeURIComponent(gameCode)}`,
  });
}
