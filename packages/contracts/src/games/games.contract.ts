import { z } from 'zod';
import { defineRoute } from '../http.ts';
import { GAME_CATEGORIES, GAME_LIST } from '../limits.ts';
import { LotteryBetTypeSchema, LotteryGameSchema } from '../lottery/lottery-vendor.contract.ts';

const GameCategorySchema = z.enum(GAME_CATEGORIES);
const optionalText = (max: number) => z.string().trim().max(max).optional();
/** Query flags arrive as text: `1`/`true` is on, `0`/`false` is off. */
const queryFlag = z
  .enum(['1', '0', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

/** One game of the catalogue, with the fields of spec §3. */
export const GameCardSchema = z.object({
  nodeId: z.number().int(),
  /** The vendor that runs the game. */
  vassalage: z.string(),
  vendorName: z.string(),
  vendorLogoUrl: z.string(),
  gameCode: z.string(),
  gameType: GameCategorySchema,
  /** A sub-classification inside the category (VIDEO_SLOT, DICE, CRASH, BACCARAT, SHOOTER…). */
  gameClassify: z.string().nullable(),
  /** GAME: a game. (VASSALAGE marks a vendor card with its own game list; see getGameVendors.) */
  isGame: z.literal('GAME'),
  iconUrl: z.string(),
  showIcon: z.boolean(),
  roomId: z.string().nullable(),
  type: z.number().int(),
  accountTypeId: z.number().int(),
  displayName: z.string(),
  gameName: z.string(),
  /** 0: a free-trial button is offered beside play (spec §2 game card). */
  supportPlay: z.union([z.literal(0), z.literal(1)]),
  /** The return to player the vendor declares, in basis points (9600 = 96.00%); null when not published. */
  rtpBasisPoints: z.number().int().nullable(),
  /** Smallest stake in minor units of the site currency, as a decimal string. */
  minBet: z.string().nullable(),
  lineNum: z.number().int().nullable(),
  isHot: z.boolean(),
  /** LIVE: playable; MAINTENANCE: listed but not launchable ('game maintenance'); COMING: the vendor is not live yet. */
  status: z.enum(['LIVE', 'MAINTENANCE', 'COMING']),
});
export type GameCard = z.infer<typeof GameCardSchema>;

const languageQuery = { language: optionalText(10) };

export const getHotGames = defineRoute({
  operationId: 'getHotGames',
  method: 'GET',
  path: '/api/games/hot',
  summary: 'The hot games of the home page (at most 12).',
  tags: ['games'],
  audience: 'guest',
  query: z.object({
    merchantCode: optionalText(40),
    isPlatform: optionalText(4),
    vassalage: optionalText(40),
    platform: optionalText(80),
    ...languageQuery,
  }),
  value: z.object({ games: z.array(GameCardSchema) }),
});

export const getPopular = defineRoute({
  operationId: 'getPopular',
  method: 'GET',
  path: '/api/games/popular',
  summary: 'The games played most in the last seven days.',
  tags: ['games'],
  audience: 'guest',
  query: z.object({ ...languageQuery }),
  value: z.object({ games: z.array(GameCardSchema) }),
});

export const WinnerSchema = z.object({
  customerId: z.string(),
  /** Masked: the first and last characters of the account only. */
  customerName: z.string(),
  gameName: z.string(),
  iconUrl: z.string(),
  /** Minor units of `currency`, as a decimal string. */
  winAmount: z.string(),
  currency: z.string(),
  wonAt: z.string(),
});
export type Winner = z.infer<typeof WinnerSchema>;

export const getWinnerBoard = defineRoute({
  operationId: 'getWinnerBoard',
  method: 'GET',
  path: '/api/games/winners',
  summary: 'The latest big wins in real money (never trial credit).',
  tags: ['games'],
  audience: 'guest',
  query: z.object({
    gameCategory: z.union([z.literal('ALL'), GameCategorySchema]).default('ALL'),
    limitNum: z.coerce.number().int().min(1).max(GAME_LIST.winnerBoardMax).default(20),
    ...languageQuery,
  }),
  value: z.object({ list: z.array(WinnerSchema) }),
});

/** The platforms a client may say it runs (spec §7 `platform`, comma-separated). */
export const GAME_PLATFORMS = ['flash', 'html5', 'html5-desktop', 'html5-mobile'] as const;

/**
 * The client's own description, as the spec's callers send it (`clientType=3&platform=html5-desktop`
 * &merchant=…). Every game of this catalogue is an HTML5 client that fits desktop and phone alike,
 * and a site is one merchant with one catalogue, so: a platform list naming no HTML5 platform (a
 * Flash-only client) gets no games; clientType and merchant are checked for shape and do not change
 * the list.
 */
export const GameListClientSchema = z.object({
  clientType: z
    .string()
    .regex(/^[0-9]$/)
    .optional(),
  platform: z
    .string()
    .trim()
    .max(80)
    .transform((v) => v.split(',').map((p) => p.trim().toLowerCase()))
    .pipe(z.array(z.enum(GAME_PLATFORMS)).min(1))
    .optional(),
  merchant: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .optional(),
});

export const GameListQuerySchema = z.object({
  ...GameListClientSchema.shape,
  gameType: GameCategorySchema.optional(),
  vassalage: optionalText(40),
  gameClassify: optionalText(40),
  isHot: queryFlag,
  gameName: optionalText(60),
  minBet: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  minLineNum: z.coerce.number().int().min(0).max(1000).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(GAME_LIST.maxPageSize).default(GAME_LIST.defaultPageSize),
  /**
   * The `nextCursor` of the page before: the page starts after that game (keyset paging), whatever
   * pageNo says; pageNo is then only echoed back. Without it, pageNo finds the page.
   */
  cursor: z
    .string()
    .regex(/^-?\d{1,10}\.\d{1,18}$/)
    .optional(),
  ...languageQuery,
});

export const GamePageSchema = z.object({
  content: z.array(GameCardSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  totalElements: z.number().int(),
  /** Where the next page starts (pass as `cursor`); null on the last page. */
  nextCursor: z.string().nullable(),
});
export type GamePage = z.infer<typeof GamePageSchema>;

export const getGameList = defineRoute({
  operationId: 'getGameList',
  method: 'GET',
  path: '/api/games',
  summary:
    'The catalogue, filtered (spec §7) and paged. Every game is HTML5 for desktop and phone: a platform list without an HTML5 platform gets none; clientType and merchant (one catalogue per site) are checked, not filtered on.',
  tags: ['games'],
  audience: 'guest',
  query: GameListQuerySchema,
  value: GamePageSchema,
});

export const GameMenuCategorySchema = z.object({
  title: GameCategorySchema,
  gameClassify: z.array(z.string()),
  vendors: z.array(z.object({ vendorId: z.string(), name: z.string(), logoUrl: z.string(), games: z.number() })),
  games: z.number().int(),
});

/** Spec §4 prize modes. Only lottery games have one; the others are listed whatever the mode. */
export const PRIZE_MODES = ['LOTT', 'ZY', 'ELOTT', 'SEA'] as const;
export type PrizeMode = (typeof PRIZE_MODES)[number];
/**
 * The lottery category each prize mode belongs to: the house (ZY), South-East Asian (SEA) and regular
 * draws are the lottery centre's (LOTT), the fast e-lottery draws ELOTT's.
 */
export const PRIZE_MODE_CATEGORY: Record<PrizeMode, 'LOTT' | 'ELOTT'> = {
  LOTT: 'LOTT',
  ZY: 'LOTT',
  SEA: 'LOTT',
  ELOTT: 'ELOTT',
};

/** One game with its odds table, as a prize mode's menu offers it. */
export const LotteryMenuGameSchema = LotteryGameSchema.pick({
  code: true,
  family: true,
  intervalMs: true,
  cutoffMs: true,
  minStake: true,
  maxStake: true,
  maxPayout: true,
  lane: true,
}).extend({ betTypes: z.array(LotteryBetTypeSchema) });
export type LotteryMenuGame = z.infer<typeof LotteryMenuGameSchema>;

export const getGameMenu = defineRoute({
  operationId: 'getGameMenu',
  method: 'GET',
  path: '/api/games/menu',
  summary:
    'Categories with their classifications and vendors; a prizeMode (LOTT, ZY, ELOTT, SEA) keeps only the lottery category it belongs to, and lists the lottery games it offers with their odds tables.',
  tags: ['games'],
  audience: 'guest',
  query: z.object({ prizeMode: z.enum(PRIZE_MODES).optional() }),
  value: z.object({
    categories: z.array(GameMenuCategorySchema),
    /** With a prizeMode: the built-in lottery's games it offers, each with its odds table (decision 092). */
    lottery: z.array(LotteryMenuGameSchema).optional(),
  }),
});

/** Spec §3: the favourite payload. The node id decides; vendor and type must agree with it. */
export const FavouriteBodySchema = z.object({
  nodeId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  vendor: z.string().trim().min(1).max(40),
  gameType: GameCategorySchema,
});

export const listFavourites = defineRoute({
  operationId: 'listFavourites',
  method: 'GET',
  path: '/api/games/favourites',
  summary: "The member's favourite games, newest first, with every favourite id.",
  tags: ['games'],
  audience: 'member',
  query: z.object({
    pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(GAME_LIST.maxPageSize).default(GAME_LIST.defaultPageSize),
    ...languageQuery,
  }),
  value: z.object({
    content: z.array(GameCardSchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    favouriteIds: z.array(z.number().int()),
  }),
});

export const addFavourite = defineRoute({
  operationId: 'addFavourite',
  method: 'POST',
  path: '/api/games/favourites',
  summary: 'Marks a game as a favourite; marking it twice changes nothing.',
  tags: ['games'],
  audience: 'member',
  rateLimit: { perMinute: GAME_LIST.favouriteChangesPerMinute },
  body: FavouriteBodySchema,
  value: z.object({ favouriteIds: z.array(z.number().int()) }),
});

export const removeFavourite = defineRoute({
  operationId: 'removeFavourite',
  method: 'DELETE',
  path: '/api/games/favourites',
  summary: 'Takes a game off the favourites; removing one that is not there changes nothing.',
  tags: ['games'],
  audience: 'member',
  rateLimit: { perMinute: GAME_LIST.favouriteChangesPerMinute },
  body: FavouriteBodySchema,
  value: z.object({ favouriteIds: z.array(z.number().int()) }),
});

export const getRecentGames = defineRoute({
  operationId: 'getRecentGames',
  method: 'GET',
  path: '/api/games/recent',
  summary: 'The games the member launched last, newest first.',
  tags: ['games'],
  audience: 'member',
  query: z.object({ ...languageQuery }),
  value: z.object({ games: z.array(GameCardSchema) }),
});

export const LaunchModeSchema = z.enum(['REAL', 'DEMO']);
export type LaunchMode = z.infer<typeof LaunchModeSchema>;

export const launchGame = defineRoute({
  operationId: 'launchGame',
  method: 'GET',
  path: '/api/games/launch',
  summary:
    'Opens a game session and answers the address of the game client. REAL plays the main wallet; DEMO plays trial credit. Trial accounts may only play DEMO.',
  tags: ['games'],
  audience: 'member',
  query: z.object({
    nodeId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    mode: LaunchModeSchema.default('REAL'),
    device: z.enum(['DESKTOP', 'MOBILE']).default('DESKTOP'),
    ...languageQuery,
  }),
  value: z.object({
    /** Where the game client runs: same-origin path for the house vendor, absolute URL for an outside one. */
    url: z.string(),
    mode: LaunchModeSchema,
    /** The currency of the session: the site's for REAL, TRIAL for DEMO. */
    currency: z.string(),
    expiresAt: z.string(),
  }),
});

export const getPvpRooms = defineRoute({
  operationId: 'getPvpRooms',
  method: 'GET',
  path: '/api/games/pvp-rooms',
  summary: 'The player-versus-player (poker) rooms open now, by vendor; empty while no PVP vendor is live.',
  tags: ['games'],
  audience: 'member',
  query: z.object({ vassalage: optionalText(40), ...languageQuery }),
  value: z.object({ rooms: z.array(GameCardSchema) }),
});
