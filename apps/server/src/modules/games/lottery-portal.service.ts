import {
  LOTTO_AREA_GAMES,
  LOTTO_AREA_PAGE,
  PRIZE_MODE_LOTTERY,
  type LottoArea,
} from '@portal/contracts/games/lottery-portal.contract.ts';
import type { PrizeMode } from '@portal/contracts/games/games.contract.ts';
import type { LotteryDraw } from '@portal/contracts/lottery/lottery-vendor.contract.ts';
import { VN_DRAW_TIME, VN_PROVINCES, type VnRegion } from '@portal/house-vendor/lottery/vn-lottery.ts';
import { AppError } from '../../plugins/app-error.ts';
import type { SessionMember } from '../auth/session.service.ts';
import type { LotteryOperatorApi } from './lottery-adapter.ts';
import type { LaunchService } from './launch.service.ts';

const VN_REGIONS: VnRegion[] = ['north', 'central', 'south'];
const hhmm = (t: { hour: number; minute: number }) =>
  `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
const newestFirst = (a: LotteryDraw, b: LotteryDraw) =>
  b.drawsAt.localeCompare(a.drawsAt) || a.drawId.localeCompare(b.drawId);

/**
 * The portal's lottery calls of spec §7 (decision 092): the lobby opens an area's page or launches
 * one of its games through the ordinary launch; the others read the lottery vendor's public draws.
 */
export function lotteryPortalService(deps: {
  vendor: LotteryOperatorApi;
  /** The catalogue's node of a lottery game, undefined when it is not listed. */
  nodeOf: (gameCode: string) => Promise<string | undefined>;
  launch: LaunchService;
}) {
  const vnGames = async () => (await deps.vendor.games()).games.filter((g) => g.code.startsWith('lotto-vn-'));

  return {
    async lobby(
      member: SessionMember,
      q: {
        lottoArea: LottoArea;
        launchMode: 'LOTT' | 'ELOTT';
        prizeMode?: PrizeMode | undefined;
        gameCode?: string | undefined;
        view: 'BETTING' | 'LOBBY';
        device: 'WEB' | 'DESKTOP' | 'MOBILE';
        backUrl?: string | undefined;
        language?: string | undefined;
      },
    ) {
      if ((q.lottoArea === 'FAST') !== (q.launchMode === 'ELOTT'))
        throw new AppError(
          'VALIDATION_FAILED',
          400,
          'The fast draws open in launch mode ELOTT, the Vietnam and SEA draws in LOTT.',
          'query.launchMode',
        );
      const games = (await deps.vendor.games()).games
        .map((g) => g.code)
        .filter(
          (code) => LOTTO_AREA_GAMES[q.lottoArea](code) && (!q.prizeMode || PRIZE_MODE_LOTTERY[q.prizeMode](code)),
        );
      if (q.gameCode && !games.includes(q.gameCode))
        throw new AppError(
          'GAME_NOT_FOUND',
          404,
          'This lottery game is not in this area or prize mode.',
          'query.gameCode',
        );
      const base = { games, backUrl: q.backUrl ?? null };
      if (q.view === 'LOBBY') return { ...base, url: LOTTO_AREA_PAGE[q.lottoArea], view: q.view, gameCode: null };
      const gameCode = q.gameCode ?? games[0];
      const node = gameCode ? await deps.nodeOf(gameCode) : undefined;
      if (!gameCode || !node)
        throw new AppError('GAME_NOT_FOUND', 404, 'There is no lottery game to open here.', 'query.gameCode');
      const launched = await deps.launch.launch(member, {
        nodeId: Number(node),
        mode: 'REAL',
        language: q.language,
      });
      return { ...base, url: launched.url, view: q.view, gameCode };
    },

    async recent() {
      const { games } = await deps.vendor.games();
      return { draws: games.flatMap((g) => (g.last ? [g.last] : [])) };
    },

    async vnMenus(prizeMode: PrizeMode) {
      const { serverTime, games } = await deps.vendor.games();
      const regions = VN_REGIONS.flatMap((region) => {
        const game = games.find((g) => g.code === `lotto-vn-${region}`);
        if (!game || !PRIZE_MODE_LOTTERY[prizeMode](game.code)) return [];
        return [
          {
            region,
            gameCode: game.code,
            drawTime: hhmm(VN_DRAW_TIME[region]),
            draws: (game.openDraws ?? []).map((d) => ({
              ...d,
              provinceName: d.market ? (VN_PROVINCES[d.market] ?? null) : null,
            })),
            betTypes: game.betTypes,
          },
        ];
      });
      return { serverTime, regions };
    },

    async vnNumero() {
      const { serverTime, games } = await deps.vendor.games();
      const draws = games
        .filter((g) => g.code.startsWith('lotto-vn-'))
        .flatMap((g) => g.openDraws ?? [])
        .sort((a, b) => a.drawsAt.localeCompare(b.drawsAt) || a.drawId.localeCompare(b.drawId));
      return { serverTime, draws };
    },

    async vnOpened(limit: number) {
      const lists = await Promise.all(
        (await vnGames()).map((g) => deps.vendor.recentDraws(g.code, limit).then((r) => r.draws)),
      );
      return { draws: lists.flat().sort(newestFirst).slice(0, limit) };
    },
  };
}
export type LotteryPortalService = ReturnType<typeof lotteryPortalService>;
