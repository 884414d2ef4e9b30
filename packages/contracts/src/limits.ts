/** Every number of the spec (§9 and the screens of §2) lives here once, for server and web. */
export const LIMITS = {
  noticePageSize: 9,
  popupListMax: 3,
  hotGames: 12,
  slotsPageSize: 30,
  jackpotPageSize: 12,
  winnerBoardLimit: 20,
  vendorArrowsAbove: 6,
  slotsTopRow: 4,
  vendorDropdownItemPx: 55,
  bannerAutoplayMs: 5000,
  bannerSpeedMs: 1000,
  /** Screens up to this width get a banner's narrow art and its words below the art (decision 025). */
  bannerNarrowMaxPx: 640,
  marqueeStep: 0.5,
  marqueeMoves: 3,
  chunkLoadTimeoutMs: 120_000,
  lazyImageThreshold: 0.1,
  lazyImageRetries: 1,
  smsCountdownSecondsPerMinute: 60,
  smsDefaultExpiredMinutes: 1,
  smsResendThrottleMs: 1000,
  smsRetryHintMinutes: 5,
  captchaRefreshThrottleMs: 1000,
  favouriteToggleThrottleMs: 1000,
  rememberCookieMs: 86_400_000,
  customerServiceWindow: { width: 440, height: 750 },
  feedbackMaxChars: 140,
  uploadMaxBytes: 5 * 1024 * 1024,
  uploadMaxImages: 3,
  uploadTypes: ['image/png', 'image/jpeg'],
  verificationCodeMaxLength: 255,
  minimumAgeDefault: 18,
  jackpotStart: 852197728806,
  jackpotStepMin: 100,
  jackpotStepMax: 500,
  jackpotIntervalsSeconds: [3, 4, 5],
  realtimeSalaryMinutes: 5,
  copyrightYear: 2023,
} as const;

/** Member types of spec §4. */
export const AGENT_TYPES = [1, 2, 41, 42] as const;
/** Agent types may have a downline; players and trial accounts may not. */
export const isAgentType = (type: number) => (AGENT_TYPES as readonly number[]).includes(type);
export const TRIAL_TYPE = 4;

/** System status of spec §2 start-up. */
export const SYSTEM_STATUS = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;

/** Top navigation of spec §2, in order. `path` is where a click goes. */
export const NAV_CATEGORIES = [
  { type: 'HOME', path: '/', vendorDropdown: false, needsVendors: false },
  { type: 'SPORTS', path: '/sports', vendorDropdown: true, needsVendors: true },
  { type: 'ELOTT', path: '/elott', vendorDropdown: true, needsVendors: true },
  { type: 'LIVE', path: '/live', vendorDropdown: false, needsVendors: true },
  { type: 'RNG', path: '/rng', vendorDropdown: false, needsVendors: true },
  { type: 'PVP', path: '/pvp', vendorDropdown: false, needsVendors: true },
  { type: 'FISH', path: '/fish', vendorDropdown: false, needsVendors: true },
  { type: 'PROMO', path: '/promotions', vendorDropdown: false, needsVendors: false },
] as const;
export type NavType = (typeof NAV_CATEGORIES)[number]['type'];

/** Game categories that hold vendors (lanes of getGameVendors). */
export const GAME_CATEGORIES = ['SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'LIVE', 'RNG', 'PVP', 'FISH', 'MINI'] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/** The catalogue's paging (spec §9: slots page size 30; winner board limit 20). */
export const GAME_LIST = {
  defaultPageSize: 30,
  maxPageSize: 60,
  winnerBoardMax: 50,
  recentGames: 12,
  /** Days of play that make a game popular. */
  popularDays: 7,
  /** Favourite adds and removals one address may make per minute. */
  favouriteChangesPerMinute: 120,
} as const;

/** White-label module ids that switch features on and off (spec §6). */
export const MODULE_FLAGS = [
  'DIRECT_REGISTER',
  'MOBILE_REGISTER',
  'SMS_VERIFICATION',
  'MOBILE_PASSWORD_REGISTER',
  'FREE_PLAY',
  'FORCE_CHANGE_PASSWORD',
  'SMS_LOGIN',
  'CHNGPASSVERIF3',
  'CHNGPASSMAIL3',
  'FIREBASE_SMS',
  'GOOGLE_LOGIN',
  'FACEBOOK_LOGIN',
  'AGENT_DIVIDEND',
  'AGENT_DAILY_SALARY',
  'AGENT_HOURLY_SALARY',
  'AGENT_REALTIME_SALARY',
  'TRANSFER_UPLINE',
] as const;
export type ModuleFlag = (typeof MODULE_FLAGS)[number];

/** Resource types of permission info. Social links and app downloads show only when present. */
export const SOCIAL_RESOURCES = ['FACEBOOK', 'TWITTER', 'INSTAGRAM', 'YOUTUBE', 'TELEGRAM', 'KAKAOTALK'] as const;
export const APP_RESOURCES = ['APP_IOS', 'APP_IOS_LITE', 'APP_ANDROID'] as const;

export const SESSION_TOKEN_STORAGE_KEY = 'portal.token';
export const LANGUAGE_STORAGE_KEY = 'portal.lang';
export const THEME_STORAGE_KEY = 'portal.theme';

/** Sessions: a bearer token of 256 random bits, kept hashed on the server. */
export const SESSION = {
  idleMinutes: 60,
  absoluteHours: 24,
} as const;

/**
 * Per-address limits on the calls a guesser or a spammer would hammer: the password, reset links and
 * SMS codes, and the send calls that cost the operator a message each.
 */
export const AUTH_LIMITS = {
  loginPerMinute: 20,
  registerPerMinute: 10,
  captchaPerMinute: 60,
  smsPerMinute: 5,
  freePlayPerMinute: 5,
  affiliatePerMinute: 30,
  changePasswordPerMinute: 10,
  forgotByEmailPerMinute: 5,
  resetByTokenPerMinute: 10,
  sendResetCodePerMinute: 5,
  setByPhonePerMinute: 10,
} as const;

/** Sign-in protection. Failures show the captcha; limits slow guessing without locking a player out. */
export const LOGIN_GUARD = {
  windowMinutes: 15,
  /** Failures (per account or per IP) after which a captcha is required. */
  captchaAfterFailures: 1,
  /** Failed attempts per IP in the window before that IP is refused for a while. */
  maxFailuresPerIp: 30,
  captchaTtlMinutes: 5,
  botChallengeTtlMinutes: 10,
} as const;

/** Free play: a trial account gets this much play money, in a currency of its own that never mixes with real money. */
export const TRIAL_CREDIT = { currency: 'TRIAL', amountMinor: 100_000_000n } as const;

/**
 * The largest amount in minor units any call accepts (2^53 − 1): it fits PostgreSQL's bigint with room
 * for sums, and a JSON number of that size is still exact, so a string and a number amount have the
 * same bound. Business limits (a vendor's bet limit, cashier bounds) sit below it and have codes of
 * their own; this one only keeps what no database or float can hold from getting in.
 */
export const MAX_MINOR_AMOUNT = 9_007_199_254_740_991n;

/** The currency of real money on this site; amounts are minor units of it. */
export const SITE_CURRENCY = 'KRW';

/** Cashier limits (deposits, withdrawals, bank accounts). */
export const CASHIER = {
  maxBankAccounts: 5,
  requestIdMinLength: 8,
  requestIdMaxLength: 64,
  /** A gateway callback older or newer than this is refused, so a captured one cannot be replayed later. */
  gatewayCallbackToleranceSeconds: 300,
  /** How often the server looks for approved withdrawals that the player has not confirmed. */
  autoReceiptCheckMs: 60_000,
  /** Upline transfers a member may start per minute. */
  uplineTransfersPerMinute: 30,
  /** Per-address limits of the cashier's writes. */
  depositsPerMinute: 30,
  withdrawalsPerMinute: 30,
  withdrawalConfirmationsPerMinute: 20,
  bankAccountAddsPerMinute: 20,
  paymentPasswordChangesPerMinute: 10,
  /** Bounds of the operator's withdrawal auto-receipt minutes (one minute to thirty days). */
  autoReceiptMinutesMin: 1,
  autoReceiptMinutesMax: 43_200,
} as const;

/** The site's time zone: history days and date filters are calendar days here (KST, no DST). */
export const SITE_TIME_ZONE = 'Asia/Seoul';

/** Member-centre history pages (transaction history, account record, bonus details, personal profit). */
export const HISTORY = {
  defaultPageSize: 20,
  maxPageSize: 100,
  /** Largest page number accepted, so an offset never becomes a full scan by accident. */
  maxPage: 10_000,
  /** Days a date filter may span, both ends included. */
  maxRangeDays: 90,
  /** Days shown when no dates are given, today included. */
  defaultRangeDays: 7,
} as const;

/** Game vendors: the seamless-wallet protocol and transfer-mode wallets (DESIGN.md §3). */
export const VENDOR = {
  /** A signed call whose X-Timestamp is further than this from the operator's clock is refused. */
  signatureToleranceSeconds: 60,
  /** How long a game session token lets a vendor take bets; wins and rollbacks are accepted after. */
  gameSessionMinutes: 240,
  /** Seamless calls per vendor per minute: far above any real table, below what would hurt the database. */
  seamlessCallsPerMinute: 120_000,
  /** Largest bet, win or transfer in minor units; above it the call is refused. */
  maxAmountMinor: 100_000_000_000n,
  /** Bytes a seamless call's body may have. */
  seamlessBodyLimit: 16 * 1024,
  /** Wins one `wins` call may carry (decision 104), and the bytes its body may have. */
  seamlessBatchMax: 100,
  seamlessBatchBodyLimit: 64 * 1024,
  /** Wins of one `wins` call the operator applies at once (each in its own transaction). */
  seamlessBatchInFlight: 4,
  /** The operator waits this long for a transfer-mode vendor; then the outcome is unknown. */
  callTimeoutMs: 5_000,
  /** A pending transfer is checked with the vendor once it is at least this old. */
  reconcileAfterSeconds: 30,
  /** Transfers a player may start per minute. */
  transfersPerMinute: 30,
} as const;

/** The agent centre (issue 15): team lists, remarks, reports, registrations and transfers. */
export const AGENT_CENTRE = {
  defaultPageSize: 20,
  maxPageSize: 100,
  /** Largest page number accepted, so an offset never becomes a full scan by accident. */
  maxPage: 10_000,
  remarkMaxLength: 200,
  /** Days a report range may span, both ends included. */
  maxRangeDays: 93,
  /** Agent → downline transfers an agent may start per minute. */
  transfersPerMinute: 30,
  /** Accounts an agent may register per minute. */
  registrationsPerMinute: 20,
  /** Referral links one agent may have. */
  maxReferralLinks: 10,
} as const;
