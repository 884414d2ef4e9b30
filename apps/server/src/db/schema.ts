import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface SiteSettingTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface ModuleTable {
  modId: string;
  parentId: string | null;
  enabled: boolean;
  sort: number;
}
export interface ResourceTable {
  id: Generated<number>;
  resourceType: string;
  name: string;
  labelNameEn: string;
  url: string;
  sort: number;
}
export interface RegistrationFieldTable {
  field: string;
  enabled: boolean;
  required: boolean;
  acceptedPattern: string;
  patternId: string;
  minLength: number | null;
  maxLength: number | null;
  sort: number;
}
export interface LanguageTable {
  code: string;
  name: string;
  nativeName: string;
  enabled: boolean;
  sort: number;
}
export interface CountryTable {
  countryCode: string;
  dialingCode: string;
  name: string;
  sort: number;
}
export interface VendorTable {
  id: string;
  name: string;
  logoUrl: string;
  mode: 'SEAMLESS' | 'TRANSFER';
  status: 'LIVE' | 'COMING' | 'MAINTENANCE';
  sort: number;
  /** HMAC key of the seamless-wallet calls; generated per vendor, never sent to players. */
  secret: Generated<string>;
  /** What the vendor sends as `X-Operator-Id`; unique, so it also names the calling vendor. */
  operatorId: Generated<string>;
  currencies: Generated<string[]>;
  /** Outside vendors only; in-process vendors are registered by code. */
  baseUrl: Generated<string | null>;
  /** The operator's switch (migration 0046): off, the vendor and its games leave the lobby. */
  enabled: Generated<boolean>;
}
export interface GameSessionTable {
  id: Generated<string>;
  tokenHash: string;
  memberId: string;
  vendorId: string;
  gameCode: string;
  gameType: string;
  currency: string;
  trial: boolean;
  createdAt: CreatedAt;
  expiresAt: Date;
}
export type SeamlessAction = 'BET' | 'WIN' | 'ROLLBACK' | 'TOMBSTONE';
export interface SeamlessTransactionTable {
  vendorId: string;
  transactionId: string;
  action: SeamlessAction;
  requestHash: string;
  memberId: string | null;
  roundId: string | null;
  referenceId: string | null;
  amount: ColumnType<string, string | undefined, string>;
  currency: string | null;
  response: ColumnType<Record<string, unknown> | null, string | null, string>;
  createdAt: CreatedAt;
}
export interface VendorMemberTable {
  vendorId: string;
  memberId: string;
  playerId: string;
  createdAt: CreatedAt;
}
export type VendorTransferStatus = 'PENDING' | 'SUCCESS' | 'FAILED';
export interface VendorTransferTable {
  id: Generated<string>;
  memberId: string;
  vendorId: string;
  direction: 'TO_VENDOR' | 'TO_MAIN';
  amount: ColumnType<string, string, never>;
  currency: string;
  requestId: string;
  reference: string;
  status: Generated<VendorTransferStatus>;
  checks: Generated<number>;
  createdAt: CreatedAt;
  settledAt: Date | null;
}
export interface GameTable {
  nodeId: Generated<string>;
  vendorId: string;
  gameCode: string;
  gameType: string;
  gameClassify: string | null;
  names: Record<string, string>;
  iconUrl: string;
  roomId: string | null;
  type: Generated<number>;
  accountTypeId: Generated<number>;
  supportPlay: Generated<number>;
  rtpBasisPoints: number | null;
  minBet: string | null;
  lineNum: number | null;
  isHot: Generated<boolean>;
  hotSort: Generated<number>;
  status: Generated<'LIVE' | 'MAINTENANCE' | 'HIDDEN'>;
  /** The operator's switch (migration 0046), apart from the status the vendor's sync owns. */
  enabled: Generated<boolean>;
  sort: Generated<number>;
  /** Every language's name, lower-cased, for the name filter. */
  searchName: string;
  createdAt: Generated<Date>;
}
export interface FavouriteGameTable {
  memberId: string;
  nodeId: string;
  createdAt: Generated<Date>;
}
export interface RecentGameTable {
  memberId: string;
  nodeId: string;
  playedAt: Generated<Date>;
}
export interface VendorCategoryTable {
  vendorId: string;
  category: string;
  sort: number;
}
export interface BannerTable {
  id: Generated<number>;
  groupName: string;
  language: string;
  title: string;
  imageUrl: string;
  /** The art cropped for phones; null: the wide art serves every width. */
  mobileImageUrl: string | null;
  /** The kicker line above the title; '' for none. */
  subtitle: Generated<string>;
  /** The button's words; '' for no button (the whole banner still follows its link). */
  ctaLabel: Generated<string>;
  url: string;
  linkageType: 'INTERNAL' | 'EXTERNAL' | 'NONE';
  sort: number;
  active: Generated<boolean>;
  publishFrom: Date | null;
  publishUntil: Date | null;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface AnnouncementTable {
  id: Generated<number>;
  type: 'PL' | 'PU' | 'PR' | 'H';
  language: string;
  title: string;
  content: string;
  execution: 'A' | 'B' | 'F';
  sort: number;
  active: Generated<boolean>;
  createdAt: CreatedAt;
  /** ALL: every visitor; AGENTS: signed-in agents only (the agent centre). */
  audience: Generated<'ALL' | 'AGENTS'>;
  publishFrom: Date | null;
  publishUntil: Date | null;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}
export interface DomainRouterTable {
  domain: string;
  route: 'MEMBER' | 'AGENT' | 'MOBILE';
  merchantCode: string;
  main: boolean;
}
export interface CdnHostTable {
  id: Generated<number>;
  kind: 'IMAGE' | 'LAUNCH';
  url: string;
  sort: number;
}

export type StaffRoleName = 'owner' | 'admin' | 'finance' | 'support' | 'content' | 'risk';
export interface StaffUserTable {
  id: Generated<string>;
  username: string;
  displayName: string;
  role: StaffRoleName;
  status: Generated<'ACTIVE' | 'DISABLED'>;
  passwordHash: string;
  totpSecret: string | null;
  totpEnabled: Generated<boolean>;
  /** The last TOTP time step accepted: a code is good once. */
  totpLastStep: string | null;
  recoveryCodeHashes: Generated<string[]>;
  createdAt: CreatedAt;
  lastLoginAt: Date | null;
  lastLoginIp: string | null;
}
export interface StaffSessionTable {
  id: Generated<string>;
  staffId: string;
  tokenHash: string;
  csrfToken: string;
  stage: 'SECOND_FACTOR' | 'SIGNED_IN';
  createdAt: CreatedAt;
  lastSeenAt: ColumnType<Date, Date | undefined, Date>;
  expiresAt: Date;
  revokedAt: Date | null;
  /** Wrong second-factor codes in this session; at the limit the session ends. */
  failedCodes: Generated<number>;
  ip: string | null;
  userAgent: string | null;
}
/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface StaffAuditTable {
  id: Generated<string>;
  at: CreatedAt;
  staffId: string | null;
  actor: string;
  ip: string | null;
  action: string;
  target: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
}

export interface BalanceAdjustmentTable {
  id: Generated<string>;
  memberId: string;
  currency: string;
  amount: ColumnType<string, string, never>;
  reason: string;
  status: 'PENDING' | 'APPLIED' | 'REJECTED';
  createdBy: string;
  decidedBy: string | null;
  transferId: string | null;
  createdAt: CreatedAt;
  decidedAt: Date | null;
}

/** A staff note on a member (migration 0045): append-only, with its author. */
export interface MemberNoteTable {
  id: Generated<string>;
  memberId: string;
  staffId: string | null;
  author: string;
  body: string;
  createdAt: CreatedAt;
}
export interface MemberTable {
  id: Generated<string>;
  account: string;
  accountKey: ColumnType<string, never, never>;
  type: number;
  status: Generated<'ACTIVE' | 'DISABLED'>;
  uplineId: string | null;
  nickname: string | null;
  email: string | null;
  mobileDialingCode: string | null;
  mobileNum: string | null;
  passwordHash: string;
  paymentPasswordHash: string | null;
  passwordChangedAt: Generated<Date>;
  firstLogin: Generated<boolean>;
  affiliateCode: string | null;
  referralCode: string | null;
  registerUrl: string | null;
  registerMethod: string | null;
  /** Which registration form: by username or by mobile number (registerMethod is WEB for both). */
  registerChannel: Generated<'USERNAME' | 'MOBILE' | null>;
  domain: string | null;
  profile: ColumnType<Record<string, string>, string | undefined, string>;
  createdAt: CreatedAt;
  lastLoginAt: Date | null;
  lastLoginIp: string | null;
  /** The referral link the member registered through (migration 0052). */
  referralLinkId: Generated<string | null>;
  /** A player's own invitation code for friends, made on first view (migration 0076, decision 075). */
  inviteCode: Generated<string | null>;
  /** The player who referred this member: a recommender, not an upline (migration 0076). */
  referredBy: Generated<string | null>;
  /** When an agent created the account with a first password; it must be changed while unchanged since. */
  agentIssuedPasswordAt: Generated<Date | null>;
  /** Set by the back office: a password last changed before it must be changed at the next sign-in. */
  passwordChangeForcedAt: Generated<Date | null>;
}
export interface MemberSessionTable {
  id: Generated<string>;
  memberId: string;
  tokenHash: string;
  createdAt: CreatedAt;
  lastSeenAt: ColumnType<Date, Date | undefined, Date>;
  expiresAt: Date;
  revokedAt: Date | null;
  ip: string | null;
  userAgent: string | null;
  /** Issued at a sign-in that must change its password: only the change, logout and member info answer. */
  passwordChangeRequired: Generated<boolean>;
}
export interface LoginFailureTable {
  id: Generated<string>;
  scope: 'ACCOUNT' | 'IP';
  key: string;
  at: CreatedAt;
}
export interface CaptchaChallengeTable {
  id: string;
  answerHash: string;
  expiresAt: Date;
  usedAt: Date | null;
}
export interface BotChallengeUsedTable {
  signature: string;
  expiresAt: Date;
}
export interface MemberKnownIpTable {
  memberId: string;
  ip: string;
  firstSeenAt: CreatedAt;
}
/** The browsers a member signed in from, by the web app's random device id (migration 0036). */
export interface MemberDeviceTable {
  memberId: string;
  deviceId: string;
  firstSeenAt: CreatedAt;
  lastSeenAt: ColumnType<Date, Date | undefined, Date>;
}

export interface OutboxMessageTable {
  id: Generated<string>;
  channel: 'SMS' | 'EMAIL';
  recipient: string;
  subject: string | null;
  body: string;
  purpose: string;
  status: Generated<'PENDING' | 'SENT' | 'FAILED'>;
  transport: 'OUTBOX' | 'SMTP' | 'SMS_GATEWAY';
  attempts: Generated<number>;
  lastError: string | null;
  createdAt: CreatedAt;
  sentAt: Date | null;
  /** When a delivery may be tried (again); null once sent or given up. */
  nextAttemptAt: Date | null;
}
export interface RecoveryRequestTable {
  id: Generated<string>;
  kind: 'FORGOT_EMAIL';
  key: string;
  createdAt: CreatedAt;
}
export interface VerificationCodeTable {
  id: Generated<string>;
  purpose: 'LOGIN' | 'REGISTER' | 'RESET' | 'NEW_IP';
  channel: 'SMS' | 'EMAIL';
  recipient: string;
  codeSalt: string;
  codeHash: string;
  attempts: Generated<number>;
  maxAttempts: number;
  expiresAt: Date;
  consumedAt: Date | null;
  createdAt: CreatedAt;
}

export interface PasswordResetTokenTable {
  id: Generated<string>;
  memberId: string;
  tokenHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: CreatedAt;
}

export interface LoginChallengeTable {
  id: string;
  memberId: string;
  ip: string;
  method: 'SMS' | 'EMAIL' | 'BANK';
  /** The phone or e-mail the code went to; for BANK, `bank:{bank_account.id}`. */
  recipient: string;
  portal: string;
  smsLogin: Generated<boolean>;
  attempts: Generated<number>;
  expiresAt: Date;
  usedAt: Date | null;
  /** When the check was asked (migration 0036). */
  createdAt: CreatedAt;
}

export type LedgerAccountKind =
  | 'MEMBER_MAIN'
  | 'MEMBER_VENDOR'
  | 'MEMBER_POINTS'
  | 'MEMBER_TRIAL'
  | 'MEMBER_HOLD'
  | 'MEMBER_BONUS'
  | 'HOUSE'
  | 'VENDOR_CLEARING'
  | 'PAYMENT_CLEARING'
  | 'BONUS'
  | 'TRIAL_ISSUER'
  /** The house's side of manual balance adjustments from the back office. */
  | 'HOUSE_ADJUSTMENT';
export interface LedgerAccountTable {
  id: Generated<string>;
  kind: LedgerAccountKind;
  memberId: string | null;
  vendorId: string | null;
  currency: string;
  /** bigint minor units, read as a decimal string. */
  balance: ColumnType<string, string | undefined, string>;
  allowNegative: Generated<boolean>;
  /** A system account split into shards (decision 043): each shard is an account of its own; 0 otherwise. */
  shard: Generated<number>;
  createdAt: CreatedAt;
}
export interface LedgerTransferTable {
  id: Generated<string>;
  idempotencyKey: string;
  requestHash: string;
  kind: string;
  fromAccountId: string;
  toAccountId: string;
  amount: ColumnType<string, string, never>;
  currency: string;
  reference: ColumnType<Record<string, unknown>, string | undefined, never>;
  createdAt: CreatedAt;
}

export interface JobTable {
  id: Generated<string>;
  name: string;
  key: string;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  state: Generated<'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED'>;
  runAt: Date;
  attempts: Generated<number>;
  maxAttempts: Generated<number>;
  lockedBy: string | null;
  lockedUntil: Date | null;
  lastError: string | null;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  finishedAt: Date | null;
}

export interface PaymentMethodTable {
  code: string;
  kind: 'BANK_TRANSFER' | 'GATEWAY';
  name: string;
  currency: string;
  /** bigint minor units, read as a decimal string. */
  minAmount: ColumnType<string, string, string>;
  maxAmount: ColumnType<string, string, string>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  receivingAccount: ColumnType<
    { bankName: string; accountHolder: string; accountNumber: string } | null,
    string | null | undefined,
    string | null
  >;
}
export type DepositStatus = 'PENDING' | 'CONFIRMED' | 'REJECTED' | 'CANCELLED';
export interface DepositTable {
  id: Generated<string>;
  memberId: string;
  methodCode: string;
  methodKind: 'BANK_TRANSFER' | 'GATEWAY';
  amount: ColumnType<string, string, never>;
  currency: string;
  payerName: string | null;
  reference: string | null;
  requestId: string;
  status: Generated<DepositStatus>;
  gatewayTxnId: string | null;
  rejectReason: string | null;
  createdAt: CreatedAt;
  decidedAt: Date | null;
}
export interface BankAccountTable {
  id: Generated<string>;
  memberId: string;
  payeeName: string;
  bankName: string;
  accountNumber: string;
  createdAt: CreatedAt;
}
export type WithdrawalResult = 'RECEIVED' | 'NOT_RECEIVED' | 'FULL_PAYMENT';
export interface WithdrawalTable {
  id: Generated<string>;
  memberId: string;
  bankAccountId: string;
  amount: ColumnType<string, string, never>;
  currency: string;
  requestId: string;
  status: Generated<'PENDING' | 'APPROVED' | 'REJECTED'>;
  rejectReason: string | null;
  createdAt: CreatedAt;
  decidedAt: Date | null;
  confirmation: WithdrawalResult | null;
  confirmedBy: 'PLAYER' | 'AUTO' | null;
  confirmedAt: Date | null;
  proof: Buffer | null;
  proofType: string | null;
}

/** The downline closure (migration 0050): one row per ancestor and descendant, depth 0 for the member itself. */
export interface MemberTreeTable {
  ancestorId: string;
  descendantId: string;
  depth: number;
}
/** Members below each member, any depth (migration 0053), kept by triggers on member_tree. */
export interface MemberTeamSizeTable {
  memberId: string;
  teamSize: number;
}
export interface AgentRemarkTable {
  agentId: string;
  memberId: string;
  remark: string;
  updatedAt: Generated<Date>;
}

/** Per member, site-time-zone day, currency and transfer kind: the ledger's money in and out (migration 0051). */
export interface MemberDayFlowTable {
  memberId: string;
  day: ColumnType<string, string, string>;
  currency: string;
  kind: string;
  amountIn: string;
  countIn: number;
  amountOut: string;
  countOut: number;
}
/** member_day_flow split by vendor and game type, for BET, WIN and ROLLBACK (migration 0043). */
export interface MemberGameDayFlowTable extends MemberDayFlowTable {
  vendorId: string;
  gameType: string;
}
/**
 * A team's member_day_flow per agent, day and band (1 direct downline, 2 deeper), split in shards
 * (migration 0054); kinds `#JOINED` and `#FIRST_DEPOSIT` (currency `*`) count members.
 */
export interface AgentDayFlowTable {
  agentId: string;
  day: ColumnType<string, string, string>;
  band: number;
  currency: string;
  kind: string;
  shard: number;
  amountIn: string;
  countIn: number;
  amountOut: string;
  countOut: number;
}
export interface MemberFirstDepositTable {
  memberId: string;
  day: ColumnType<string, string, string>;
  amount: string;
  transferId: string;
}

export interface ReferralLinkTable {
  id: Generated<string>;
  agentId: string;
  code: string;
  kind: 'PLAYER' | 'AGENT';
  createdAt: CreatedAt;
}

/** One row: bumped by every statement that writes `game` or `vendor` (migration 0030). */
/** Shown games per category and vendor, kept by triggers on `game` (migration 0031). */
export interface GameCountTable {
  gameType: string;
  vendorId: string;
  games: string;
}

export interface CatalogueVersionTable {
  id: boolean;
  version: string;
}

export interface Database {
  catalogueVersion: CatalogueVersionTable;
  gameCount: GameCountTable;
  referralLink: ReferralLinkTable;
  memberDayFlow: MemberDayFlowTable;
  agentDayFlow: AgentDayFlowTable;
  memberGameDayFlow: MemberGameDayFlowTable;
  memberFirstDeposit: MemberFirstDepositTable;
  memberTree: MemberTreeTable;
  memberTeamSize: MemberTeamSizeTable;
  agentRemark: AgentRemarkTable;
  job: JobTable;
  paymentMethod: PaymentMethodTable;
  deposit: DepositTable;
  bankAccount: BankAccountTable;
  withdrawal: WithdrawalTable;
  ledgerAccount: LedgerAccountTable;
  ledgerTransfer: LedgerTransferTable;
  loginChallenge: LoginChallengeTable;
  member: MemberTable;
  staffUser: StaffUserTable;
  staffSession: StaffSessionTable;
  staffAudit: StaffAuditTable;
  balanceAdjustment: BalanceAdjustmentTable;
  memberNote: MemberNoteTable;
  memberSession: MemberSessionTable;
  loginFailure: LoginFailureTable;
  captchaChallenge: CaptchaChallengeTable;
  botChallengeUsed: BotChallengeUsedTable;
  memberKnownIp: MemberKnownIpTable;
  memberDevice: MemberDeviceTable;
  siteSetting: SiteSettingTable;
  module: ModuleTable;
  resource: ResourceTable;
  registrationField: RegistrationFieldTable;
  language: LanguageTable;
  country: CountryTable;
  vendor: VendorTable;
  gameSession: GameSessionTable;
  seamlessTransaction: SeamlessTransactionTable;
  vendorMember: VendorMemberTable;
  vendorTransfer: VendorTransferTable;
  game: GameTable;
  favouriteGame: FavouriteGameTable;
  recentGame: RecentGameTable;
  vendorCategory: VendorCategoryTable;
  banner: BannerTable;
  announcement: AnnouncementTable;
  domainRouter: DomainRouterTable;
  cdnHost: CdnHostTable;
  outboxMessage: OutboxMessageTable;
  recoveryRequest: RecoveryRequestTable;
  verificationCode: VerificationCodeTable;
  passwordResetToken: PasswordResetTokenTable;
}
