import type { BoLotteryDraw, BoLotteryLimits } from '@portal/contracts/backoffice/lottery.contract.ts';
import type { DrawStatus } from '@portal/contracts/lottery/lottery-vendor.contract.ts';
import { LOTTERY_GAMES } from '@portal/house-vendor/lottery/lottery-games.ts';
import type { LaunchMode, LaunchSession, VendorAdapter, VendorGame } from './vendor-adapter.ts';

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
};

/**
 * The operator's adapter for the in-process lottery vendor (decision 090). Its game client is the
 * web app's lottery page (/lottery?gameCode=, login required); the session token travels in the
 * fragment, as for the house games. Real money only: a draw settles after the session, so there is
 * no trial-credit play.
 */
export function lotteryAdapter(vendor?: { endSessions(playerId: string): Promise<void> }): VendorAdapter {
  return {
    ...(vendor ? { endPlayerSessions: (playerId: string) => vendor.endSessions(playerId) } : {}),
    vendorId: LOTTERY_VENDOR_ID,
    mode: 'SEAMLESS',
    async listGames(): Promise<VendorGame[]> {
      return LOTTERY_GAMES.map((g) => {
        const names = NAMES[g.code] ?? { ko: g.code, en: g.code, zh: g.code };
        return { gameCode: g.code, gameType: 'ELOTT', name: names.en, names, supportsDemo: false };
      });
    },
    async launchUrl(session: LaunchSession, mode: LaunchMode): Promise<string> {
      const fragment = new URLSearchParams({ t: session.token, lang: session.language, mode });
      return `/lottery?gameCode=${encodeURIComponent(session.gameCode)}#${fragment.toString()}`;
    },
  };
}
