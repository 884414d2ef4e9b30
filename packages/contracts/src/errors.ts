/**
 * Stable error codes. The server answers `{ success: false, code, message }`; the web app shows
 * the localized text of `errors.<code>` and the English `message` only when it knows no key.
 */
export const ERROR_CODES = [
  'NOT_FOUND',
  'VALIDATION_FAILED',
  /** A text field holds a character no field accepts (NUL). */
  'INVALID_CHARACTERS',
  'MALFORMED_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'METHOD_NOT_ALLOWED',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'NOT_LOGGED_IN',
  'SYSTEM_MAINTENANCE',
  'REGION_RESTRICTED',
  'OPERATOR_KEY_REQUIRED',
  'OPERATOR_KEY_INVALID',
  /** Back office (issue 14): the staff session and its checks. */
  'STAFF_NOT_SIGNED_IN',
  'STAFF_SESSION_EXPIRED',
  'STAFF_SECOND_FACTOR_REQUIRED',
  'STAFF_CODE_INVALID',
  'STAFF_FORBIDDEN',
  'STAFF_CSRF_INVALID',
  'STAFF_USERNAME_TAKEN',
  'STAFF_OWNER_EXISTS',
  'STAFF_PASSWORD_WEAK',
  'ADJUSTMENT_NOT_PENDING',
  'ADJUSTMENT_SELF_APPROVAL',
  /** Back office content: the end of a schedule is not after its start. */
  'CONTENT_SCHEDULE_INVALID',
  /** Back office content: a language the site does not have. */
  'CONTENT_LANGUAGE_UNKNOWN',
  /** Back office content: nothing is left of the text once unsafe markup is removed. */
  'CONTENT_EMPTY',
  /** An agent with members below it cannot become a player. */
  'MEMBER_HAS_DOWNLINE',
  /** A trial account's type is not changed, and no account becomes a trial one. */
  'MEMBER_TYPE_FIXED',
  /** A staff user cannot disable or change the role of their own account. */
  'STAFF_SELF_CHANGE',
  /** The last active owner cannot be disabled or given another role. */
  'STAFF_LAST_OWNER',
  /** A disabled staff account signing in, or a session of one that was open when it was disabled. */
  'STAFF_ACCOUNT_DISABLED',
  /** Back office site screen: username, password, its confirmation and the SMS code are always shown and required. */
  'SITE_FIELD_ALWAYS_ON',
  /** Back office site screen: the default language cannot be turned off. */
  'SITE_DEFAULT_LANGUAGE_OFF',
  /** Back office site screen: only a language that is on can be the default. */
  'SITE_LANGUAGE_NOT_ENABLED',
  /** Back office site screen: a link must be an http(s) address or a path of this site. */
  'SITE_LINK_INVALID',
  /** A page of another site tried to open the live channel. */
  'ORIGIN_NOT_ALLOWED',
  'WRONG_CREDENTIALS',
  'CAPTCHA_REQUIRED',
  'CAPTCHA_INVALID',
  'BOT_CHECK_REQUIRED',
  'BOT_CHECK_FAILED',
  'SESSION_EXPIRED',
  'ACCOUNT_DISABLED',
  'NOT_AGENT',
  'NOT_MEMBER',
  'TRIAL_NOT_ALLOWED',
  'USERNAME_TAKEN',
  'MOBILE_TAKEN',
  'REGISTRATION_CLOSED',
  'INVALID_INVITATION_CODE',
  /** Refer a friend (decision 075): the recommender typed at registration. */
  'INVALID_RECOMMENDER',
  'SELF_REFERRAL',
  'PASSWORD_MISMATCH',
  'PAYLOAD_DECRYPTION_FAILED',
  'WALLET_INSUFFICIENT_FUNDS',
  'IDEMPOTENCY_CONFLICT',
  'NEW_IP_VERIFICATION_REQUIRED',
  'NEW_IP_BANK_NAME_WRONG',
  'GAME_NOT_FOUND',
  'GAME_SESSION_EXPIRED',
  'GAME_TEMPORARILY_UNAVAILABLE',
  'BET_LIMIT_REACHED',
  'INVALID_BET',
  'ROUND_NOT_OPEN',
  'TILE_ALREADY_OPEN',
  'ROUND_IN_PROGRESS',
  'FEATURE_DISABLED',
  'CODE_RESEND_TOO_SOON',
  'TOO_MANY_REQUESTS',
  'VERIFICATION_CODE_INVALID',
  'VERIFICATION_CODE_EXPIRED',
  'VERIFICATION_CODE_ATTEMPTS',
  'SMS_SEND_FAILED',
  'EMAIL_SEND_FAILED',
  'WRONG_OLD_PASSWORD',
  'PASSWORD_SAME_AS_OLD',
  'PASSWORD_IS_DEFAULT',
  'PASSWORD_TOO_SIMPLE',
  'PASSWORD_CHANGE_REQUIRED',
  'RESET_TOKEN_INVALID',
  'PAYMENT_METHOD_UNAVAILABLE',
  'AMOUNT_OUT_OF_RANGE',
  'DEPOSIT_NOT_PENDING',
  'DEPOSIT_NOT_MANUAL',
  'PAYMENT_SIGNATURE_INVALID',
  'PAYMENT_CALLBACK_MISMATCH',
  'PAYMENT_PASSWORD_NOT_SET',
  'WRONG_PAYMENT_PASSWORD',
  'BANK_ACCOUNT_LIMIT',
  'WITHDRAWAL_PENDING_EXISTS',
  'WITHDRAWAL_NOT_PENDING',
  'WITHDRAWAL_NOT_CONFIRMABLE',
  'UPLINE_NOT_SET',
  'UPLINE_UNAVAILABLE',
  'DATE_RANGE_INVALID',
  'DATE_RANGE_TOO_LONG',
  'GAME_MAINTENANCE',
  'VENDOR_UNAVAILABLE',
  'VENDOR_NOT_TRANSFER',
  'VENDOR_TRANSFER_FAILED',
  'VENDOR_TRANSFER_IN_PROGRESS',
  /** An agent call named a member outside the caller's downline (or one that does not exist): both look the same. */
  'MEMBER_NOT_FOUND',
  /** An operator tried to put a member below a member that is not an agent. */
  'UPLINE_NOT_AGENT',
  /** An operator tried to put a member below one of its own downline. */
  'UPLINE_IN_OWN_DOWNLINE',
  /** An agent tried to send money to a trial account. */
  'TRIAL_CANNOT_RECEIVE',
  /** The member is disabled and cannot receive a transfer. */
  'MEMBER_DISABLED',
  /** An agent has as many referral links as it may have. */
  'REFERRAL_LINK_LIMIT',
  /** Contracts (issue 16). */
  'CONTRACT_NOT_FOUND',
  /** The site does not run this contract kind. */
  'CONTRACT_KIND_DISABLED',
  /** Tiers must fit the kind (valid bet for salary, loss for dividend) and rise strictly. */
  'CONTRACT_TIERS_INVALID',
  /** A dividend needs a period. */
  'CONTRACT_PERIOD_REQUIRED',
  /** The offered rate is above the offering agent's own rate of that kind. */
  'CONTRACT_RATE_ABOVE_UPLINE',
  /** The agent holds no contract of that kind, so it has no rate to offer from. */
  'CONTRACT_NO_RATE_TO_OFFER',
  /** Contracts go to agents only. */
  'CONTRACT_HOLDER_NOT_AGENT',
  /** The operator offers contracts to top-level agents only; others get them from their upline. */
  'CONTRACT_NOT_TOP_LEVEL',
  /** Accept or reject an offer that is no longer waiting. */
  'CONTRACT_NOT_PENDING',
  /** Terminate a contract that already ended. */
  'CONTRACT_ALREADY_ENDED',
  /** The site does not let agents claim settlements by hand. */
  'CONTRACT_CLAIM_DISABLED',
  /** Inbox (issue 18): a message with nothing to show once sanitized. */
  'MESSAGE_EMPTY',
  /** Feedback and uploads (issue 18). */
  'FEEDBACK_TOO_SHORT',
  'FEEDBACK_TOO_LONG',
  'FEEDBACK_NOT_FOUND',
  'UPLOAD_TOO_MANY',
  'UPLOAD_NOT_IMAGE',
  /** Rewards (issue 17): promotions, claims, applications and bonuses. */
  'PROMOTION_NOT_FOUND',
  'PROMOTION_APPLY_ONLY',
  'PROMOTION_AUTOMATIC',
  'PROMOTION_NOT_STARTED',
  'PROMOTION_ENDED',
  'PROMOTION_NOT_ELIGIBLE',
  'PROMOTION_ALREADY_CLAIMED',
  'PROMOTION_NOT_QUALIFIED',
  'PROMOTION_RULES_INVALID',
  'PROMOTION_CODE_TAKEN',
  'BONUS_NOT_FOUND',
  'BONUS_NOT_ACTIVE',
  'BONUS_LOCKED_FUNDS',
  'APPLICATION_NOT_PENDING',
  'APPLICATION_COMMENT_TOO_LONG',
  /** Rebate, points mall and missions (issue 17, decisions 071–073). */
  'REBATE_NOTHING_TO_CLAIM',
  'POINTS_INSUFFICIENT',
  'POINTS_CONVERT_TOO_SMALL',
  'POINTS_CONVERT_OFF',
  'MALL_ITEM_NOT_FOUND',
  'MALL_ITEM_UNAVAILABLE',
  'MALL_OUT_OF_STOCK',
  'MALL_LIMIT_REACHED',
  'REDEMPTION_NOT_PENDING',
  'MISSION_NOT_FOUND',
  'MISSION_NOT_COMPLETE',
  'MISSION_ALREADY_CLAIMED',
  /** Live support (issue 18, decision 057). */
  'SUPPORT_GUEST_UNKNOWN',
  'SUPPORT_NAME_INVALID',
  'SUPPORT_MESSAGE_EMPTY',
  'SUPPORT_MESSAGE_TOO_LONG',
  'SUPPORT_CONVERSATION_NOT_FOUND',
  'SUPPORT_CONVERSATION_CLOSED',
  'SUPPORT_HELD_BY_OTHER',
  'SUPPORT_AGENT_INVALID',
  'SUPPORT_CANNED_NOT_FOUND',
  'LIVE_CHAT_URL_INVALID',
  /** The chat room (issue 18, decision 056). */
  'CHAT_MESSAGE_EMPTY',
  'CHAT_MESSAGE_TOO_LONG',
  'CHAT_RATE_LIMITED',
  'CHAT_MUTED',
  'CHAT_MESSAGE_NOT_FOUND',
  'CHAT_MEMBER_NOT_FOUND',
  /** The lottery (issue 19, decision 090). */
  'LOTTERY_BETTING_CLOSED',
  'LOTTERY_STAKE_OUT_OF_RANGE',
  'LOTTERY_DRAW_NOT_FOUND',
  /** Lottery limits and cancellation (decision 091). */
  'LOTTERY_SELECTION_LIMIT_REACHED',
  'LOTTERY_DRAW_LIMIT_REACHED',
  'LOTTERY_DRAW_NOT_CANCELLABLE',
  /** The Vietnam lottery's lô is staked in whole points (decision 092). */
  'LOTTERY_STAKE_NOT_WHOLE_POINTS',
  /** The sportsbook (issue 20, decision 100). */
  'SPORTS_FIXTURE_NOT_FOUND',
  'SPORTS_MARKET_NOT_FOUND',
  'SPORTS_SLIP_EMPTY',
  'SPORTS_PARLAY_TOO_SHORT',
  'SPORTS_PARLAY_TOO_LONG',
  'SPORTS_CORRELATED_LEGS',
  'SPORTS_STAKE_TOO_LOW',
  'SPORTS_STAKE_TOO_HIGH',
  'SPORTS_PAYOUT_TOO_HIGH',
  'SPORTS_MATCH_LIMIT_REACHED',
  'SPORTS_ODDS_CHANGED',
  'SPORTS_MARKET_SUSPENDED',
  /** Cash-out (issue 20, decision 100). */
  'SPORTS_TICKET_NOT_FOUND',
  'SPORTS_TICKET_NOT_OPEN',
  'SPORTS_CASHOUT_SUSPENDED',
  'SPORTS_CASHOUT_CHANGED',
  'SPORTS_CASHOUT_UNAVAILABLE',
  /** The sportsbook's back office (issue 20, decision 102). */
  'SPORTS_RESULT_CHANGED',
  'SPORTS_RESULT_UNCHANGED',
  'SPORTS_MATCH_NOT_STARTED',
  'SPORTS_SCORE_INVALID',
  'SPORTS_MARGIN_OUT_OF_RANGE',
  'SPORTS_LIMITS_OUT_OF_ORDER',
  'SPORTS_DELAY_OUT_OF_RANGE',
  /** The sportsbook's live socket (decision 101). */
  'SPORTS_WATCH_INVALID',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
