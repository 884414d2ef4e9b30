import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { GameCode, LotteryBetTypeSchema, LotteryDrawSchema } from '../lottery/lottery-vendor.contract.ts';
import { PRIZE_MODES, type PrizeMode } from './games.contract.ts';

/**
 * The portal's lottery calls of spec §7 (decision 092): the lottery lobby, recent results, and the
 * Vietnam lottery's menus, numero (draws taking bets) and opened numero (drawn draws). They read the
 * built-in lottery vendor's public draws; the lobby launches a game like the launch call does.
 */

/** The games each prize mode (spec §4) offers, by code: its menu lists them with their odds tables. */
export const PRIZE_MODE_LOTTERY: Record<PrizeMode, (gameCode: string) => boolean> = {
  /** The lottery centre's regular draws: the Vietnam lottery. */
  LOTT: (code) => code.startsWith('lotto-vn-'),
  /** ZY (自营, self-operated): every draw the house runs itself. */
  ZY: (code) => code.startsWith('lotto-'),
  /** The fast e-lottery draws every 1, 3 and 5 minutes. */
  ELOTT: (code) => /^lotto-(5d|k3|pk10)-\d+m$/.test(code),
  /** The SEA draw. */
  SEA: (code) => code === 'lotto-sea',
};

/** A lottery area of the lobby: the Vietnam lottery, the SEA draw or the fast draws. */
export const LOTTO_AREAS = ['VN', 'SEA', 'FAST'] as const;
export type LottoArea = (typeof LOTTO_AREAS)[number];
export const LOTTO_AREA_GAMES: Record<LottoArea, (gameCode: string) => boolean> = {
  VN: PRIZE_MODE_LOTTERY.LOTT,
  SEA: PRIZE_MODE_LOTTERY.SEA,
  FAST: PRIZE_MODE_LOTTERY.ELOTT,
};
/** The page of each area. */
export const LOTTO_AREA_PAGE: Record<LottoArea, string> = { VN: '/vnLottery', SEA: '/seaLottery', FAST: '/lottery' };

/** A path of this site only (no scheme, no host, no `//`): where the lottery's back button leads. */
const SitePath = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])[^\s]*$/);

export const lotteryLobby = defineRoute({
  operationId: 'lotteryLobby',
  method: 'GET',
  path: '/api/lottery/lobby',
  summary:
    'Opens the lottery (spec §7): lottoArea VN, SEA or FAST; launchMode LOTT (the Vietnam and SEA draws) or ELOTT (the fast draws); view LOBBY answers the area page, BETTING launches one game (gameCode, else the first of the area) and answers its address with the session in the fragment.',
  tags: ['lottery'],
  audience: 'member',
  query: z.object({
    lottoArea: z.enum(LOTTO_AREAS).default('VN'),
    launchMode: z.enum(['LOTT', 'ELOTT']).default('LOTT'),
    prizeMode: z.enum(PRIZE_MODES).optional(),
    gameCode: GameCode.optional(),
    view: z.enum(['BETTING', 'LOBBY']).default('LOBBY'),
    device: z.enum(['WEB', 'DESKTOP', 'MOBILE']).default('WEB'),
    backUrl: SitePath.optional(),
    language: z.string().trim().max(10).optional(),
  }),
  value: z.object({
    url: z.string(),
    view: z.enum(['BETTING', 'LOBBY']),
    /** The game opened (BETTING), or null for the lobby. */
    gameCode: z.string().nullable(),
    /** The area's games the prize mode offers. */
    games: z.array(z.string()),
    backUrl: z.string().nullable(),
  }),
});

export const lotteryRecent = defineRoute({
  operationId: 'lotteryRecent',
  method: 'GET',
  path: '/api/lottery/recent',
  summary: 'The latest result of every lottery game, with its seed and commitment.',
  tags: ['lottery'],
  audience: 'guest',
  value: z.object({ draws: z.array(LotteryDrawSchema) }),
});

/** One region of the Vietnam lottery with its provinces' draws and its odds table. */
export const VnRegionMenuSchema = z.object({
  region: z.enum(['north', 'south', 'central']),
  gameCode: z.string(),
  /** The region's draw time, Vietnam time (UTC+7). */
  drawTime: z.string(),
  /** The draws committed and not yet drawn: today's provinces and tomorrow's. */
  draws: z.array(LotteryDrawSchema.extend({ provinceName: z.string().nullable() })),
  betTypes: z.array(LotteryBetTypeSchema),
});

export const vnLotteryMenus = defineRoute({
  operationId: 'vnLotteryMenus',
  method: 'GET',
  path: '/api/lottery/vn/menus',
  summary:
    'The Vietnam lottery menus (spec §7): each region with its draw time, the provinces drawing today and tomorrow and its bet types and odds; empty for a prize mode without the Vietnam lottery.',
  tags: ['lottery'],
  audience: 'guest',
  query: z.object({ prizeMode: z.enum(PRIZE_MODES).default('LOTT'), device: z.enum(['WEB', 'MOBILE']).default('WEB') }),
  value: z.object({ serverTime: z.string(), regions: z.array(VnRegionMenuSchema) }),
});

export const vnNumero = defineRoute({
  operationId: 'vnNumero',
  method: 'GET',
  path: '/api/lottery/vn/numero',
  summary:
    'The Vietnam draws (numeros) committed and not yet drawn, soonest first, each with its commitment sha256(seed) and betting window.',
  tags: ['lottery'],
  audience: 'guest',
  value: z.object({ serverTime: z.string(), draws: z.array(LotteryDrawSchema) }),
});

export const vnOpenedNumero = defineRoute({
  operationId: 'vnOpenedNumero',
  method: 'GET',
  path: '/api/lottery/vn/opened',
  summary: 'The drawn Vietnam draws (opened numeros), newest first, each with its revealed seed and full prize table.',
  tags: ['lottery'],
  audience: 'guest',
  query: z.object({ limit: z.coerce.number().int().min(1).max(60).default(20) }),
  value: z.object({ draws: z.array(LotteryDrawSchema) }),
});
