import { SITE_CURRENCY } from '@portal/contracts/limits.ts';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Env } from './config/env.ts';
import { type DbHandle, inTransaction, pingDatabase } from './db/client.ts';
import { jobCleanupTask, jobQueue } from './jobs/job-queue.ts';
import { jobRepository } from './jobs/job.repository.ts';
import { agentAccountsService } from './modules/agent/agent-accounts.service.ts';
import { agentScope } from './modules/agent/agent-scope.ts';
import { referralLinkRepository } from './modules/agent/referral-link.repository.ts';
import { reportsRepository } from './modules/agent/reports.repository.ts';
import { reportsService } from './modules/agent/reports.service.ts';
import { teamRepository } from './modules/agent/team.repository.ts';
import { memberMoves, teamService } from './modules/agent/team.service.ts';
import { auditService } from './modules/backoffice/audit.ts';
import { contractSettlement } from './modules/contracts/contract-settlement.ts';
import { contractsRepository } from './modules/contracts/contracts.repository.ts';
import { contractsService } from './modules/contracts/contracts.service.ts';
import { adjustmentRepository } from './modules/backoffice/adjustment.repository.ts';
import { auditRepository } from './modules/backoffice/audit.repository.ts';
import { boGamesRepository } from './modules/backoffice/games.repository.ts';
import { boGamesService } from './modules/backoffice/games.service.ts';
import { boMembersRepository } from './modules/backoffice/members.repository.ts';
import { playerRecords } from './modules/backoffice/player-records.service.ts';
import { dashboardRepository } from './modules/backoffice/dashboard.repository.ts';
import { dashboardService } from './modules/backoffice/dashboard.service.ts';
import { riskRepository } from './modules/backoffice/risk.repository.ts';
import { riskService } from './modules/backoffice/risk.service.ts';
import { backOfficePlayers } from './modules/backoffice/players.service.ts';
import { staffAuthService } from './modules/backoffice/staff-auth.service.ts';
import { staffRepository } from './modules/backoffice/staff.repository.ts';
import { authService } from './modules/auth/auth.service.ts';
import { botCheck } from './modules/auth/bot-check.ts';
import { captchaService } from './modules/auth/captcha.ts';
import { loginChallengeRepository } from './modules/auth/login-challenge.repository.ts';
import { loginGuard } from './modules/auth/login-guard.ts';
import { memberRepository } from './modules/auth/member.repository.ts';
import { passwordFlowsStore } from './modules/auth/password-flows.repository.ts';
import { passwordFlowsService } from './modules/auth/password-flows.service.ts';
import { ensureAuthSecrets } from './modules/auth/secrets.ts';
import { sessionRepository } from './modules/auth/session.repository.ts';
import { sessionService } from './modules/auth/session.service.ts';
import {
  botChallengeRepository,
  captchaRepository,
  loginFailureRepository,
} from './modules/auth/sign-in-protection.repository.ts';
import { signOutEverywhere } from './modules/auth/sign-out-everywhere.ts';
import { contentRepository } from './modules/content/content.repository.ts';
import { contentService } from './modules/content/content.service.ts';
import { feedbackRepository } from './modules/inbox/feedback.repository.ts';
import { feedbackService } from './modules/inbox/feedback.service.ts';
import { inboxRepository } from './modules/inbox/inbox.repository.ts';
import { inboxService } from './modules/inbox/inbox.service.ts';
import { catalogueRepository } from './modules/games/catalogue.repository.ts';
import { catalogueService } from './modules/games/catalogue.service.ts';
import { gameSessionService } from './modules/games/game-session.service.ts';
import { houseAdapter } from './modules/games/house-adapter.ts';
import {
  houseSettleTask,
  inProcessCatalogueSync,
  inProcessHouse,
  inProcessLottery,
  inProcessLotteryOperator,
  inProcessSportsOperator,
  inProcessSports,
  sportsBookTask,
  inProcessVault,
  lotteryDrawTask,
  loopbackTransport,
} from './modules/games/in-process-vendors.ts';
import { LOTTERY_VENDOR_ID, lotteryAdapter } from './modules/games/lottery-adapter.ts';
import { lotteryPortalService } from './modules/games/lottery-portal.service.ts';
import { sportsAdapter } from './modules/games/sports-adapter.ts';
import { launchService } from './modules/games/launch.service.ts';
import { memberPlayEnding } from './modules/games/member-play-ending.ts';
import { seamlessRepository } from './modules/games/seamless.repository.ts';
import { seamlessWalletService } from './modules/games/seamless-wallet.service.ts';
import { vaultAdapter, vaultFaultQueue, type VaultFaultQueue } from './modules/games/vault/vault-adapter.ts';
import type { VendorAdapter } from './modules/games/vendor-adapter.ts';
import { vendorOpsService } from './modules/games/vendor-ops.service.ts';
import { vendorRegistry } from './modules/games/vendor-registry.ts';
import { vendorRepository } from './modules/games/vendor.repository.ts';
import { vendorTransferReconcileTask } from './modules/games/vendor-transfer-reconcile-task.ts';
import { vendorTransferRepository } from './modules/games/vendor-transfer.repository.ts';
import { vendorTransferService } from './modules/games/vendor-transfer.service.ts';
import { vendorsService } from './modules/games/vendors.service.ts';
import { messagingServices } from './modules/messaging/messaging-services.ts';
import { outboxRetryTask } from './modules/messaging/outbox.service.ts';
import { opsService } from './modules/ops/ops.service.ts';
import { missionsRepository } from './modules/rewards/missions.repository.ts';
import { missionsService } from './modules/rewards/missions.service.ts';
import { pointsRepository } from './modules/rewards/points.repository.ts';
import { pointsService } from './modules/rewards/points.service.ts';
import { rebateRepository } from './modules/rewards/rebate.repository.ts';
import { rebateService } from './modules/rewards/rebate.service.ts';
import { referralRepository } from './modules/rewards/referral.repository.ts';
import { referralService, referralSweepTask } from './modules/rewards/referral.service.ts';
import { rewardsRepository } from './modules/rewards/rewards.repository.ts';
import { rewardsService, rewardsSweepTask } from './modules/rewards/rewards.service.ts';
import { movableClock } from './modules/ops/test-clock.ts';
import { chatRoomRepository } from './modules/chat/chat-room.repository.ts';
import { chatRoomService } from './modules/chat/chat-room.service.ts';
import { supportRepository } from './modules/support/support.repository.ts';
import { supportService } from './modules/support/support.service.ts';
import { uploadsRepository } from './modules/uploads/uploads.repository.ts';
import { uploadsService } from './modules/uploads/uploads.service.ts';
import { settingsRepository } from './modules/site/settings.repository.ts';
import { SETTING_CACHE_MS } from './modules/site/settings.ts';
import { siteRepository } from './modules/site/site.repository.ts';
import { siteService } from './modules/site/site.service.ts';
import { bankAccountRepository } from './modules/wallet/bank-account.repository.ts';
import { bankAccountService } from './modules/wallet/bank-account.service.ts';
import { cashierCounters } from './modules/wallet/cashier-counters.repository.ts';
import { cashierDeposits } from './modules/wallet/cashier-deposits.service.ts';
import { depositRepository } from './modules/wallet/deposit.repository.ts';
import { ensureGatewaySecret, gatewaySigner } from './modules/wallet/cashier-gateway.ts';
import { cashierSettingsService } from './modules/wallet/cashier-settings.service.ts';
import { cashierWithdrawals } from './modules/wallet/cashier-withdrawals.service.ts';
import { withdrawalRepository } from './modules/wallet/withdrawal.repository.ts';
import { historyRepository } from './modules/wallet/history.repository.ts';
import { historyService } from './modules/wallet/history.service.ts';
import { ledgerRepository } from './modules/wallet/ledger.repository.ts';
import { ledgerService } from './modules/wallet/ledger.service.ts';
import { paymentPasswordService } from './modules/wallet/payment-password.service.ts';
import { transferUplineService } from './modules/wallet/transfer-upline.service.ts';
import { walletService } from './modules/wallet/wallet.service.ts';
import { withdrawalAutoReceiptTask } from './modules/wallet/withdrawal-auto-receipt-task.ts';
import type { RouteGuards } from './plugins/route-registry.ts';

export interface CompositionDeps {
  env: Env;
  database: DbHandle;
  redis?: Redis | undefined;
  /** The clock of sessions, codes, captchas, history ranges and signed-call checks (tests pass a fake one). */
  clock?: () => Date;
  /** Vendors a test runs in this process beside the built-in ones (a fake transfer-mode vendor, say). */
  vendorAdapters?: VendorAdapter[];
  /** The network faults the Vault adapter plays back (tests script a vendor's bad day through it). */
  vaultFaults?: VaultFaultQueue;
  /** The back office's check of a staff session and permission (issue 14); without it staff routes refuse to register. */
  staffGuard?: RouteGuards['staff'];
}

/**
 * The composition root: every repository and service of the server, built once, with what it needs
 * passed in. `buildApp` registers routes with these; jobs get their tasks from here; tests build
 * their own with a fake clock or scripted vendor faults. A new module adds its repositories and
 * services here and hands them to its routes (docs/decisions/017).
 */
export async function composeServices(deps: CompositionDeps) {
  const { env, database, redis } = deps;
  const { db } = database;
  // Outside production (and unless a test brings its own) the clock can be moved through the dev
  // calls (decision 032); production runs on real time and the database's, always.
  const testClock = deps.clock || env.NODE_ENV === 'production' ? undefined : movableClock();
  const clock = deps.clock ?? testClock?.now ?? (() => new Date());

  // Site: typed settings, the white-label site, the operator's switches.
  const settings = settingsRepository(db);
  const siteRepo = siteRepository(db);
  const site = siteService(siteRepo, settings, clock);
  const ops = opsService(siteRepo, settings, site);
  const content = contentService({ repo: contentRepository(db), transaction: inTransaction(db), now: clock });
  // Talking to players (issue 18): the inbox, the shared uploads service, feedback.
  const inboxRepo = inboxRepository(db);
  const inbox = inboxService({ repo: inboxRepo, transaction: inTransaction(db) });
  const uploads = uploadsService({
    repo: uploadsRepository(db),
    secret: await settings.ensure('secret.upload_hmac', randomBytes(32).toString('base64url')),
    now: clock,
  });
  const feedback = feedbackService({
    repo: feedbackRepository(db),
    inbox: inboxRepo,
    uploads,
    transaction: inTransaction(db),
    wordBounds: () => settings.get('feedback'),
  });
  // Live support (decision 057): conversations with staff, images through the same uploads service.
  const supportRepo = supportRepository(db);
  const support = supportService({
    repo: supportRepo,
    uploads,
    settings,
    transaction: inTransaction(db),
    notifyNow: (n) => supportRepo.notify(db, n),
  });
  // The public chat room (decision 056): its times, rate limit and mutes follow the app's clock.
  const chatRoom = chatRoomService({
    repo: chatRoomRepository(db),
    settings,
    transaction: inTransaction(db),
    now: clock,
  });

  // Money.
  const ledgerRepo = ledgerRepository(db);
  const ledger = ledgerService(ledgerRepo, testClock?.recordedAt);
  const vendorRepo = vendorRepository(db);
  const wallet = walletService(ledger, async () => (await vendorRepo.transferVendors()).map((v) => v.id));
  const members = memberRepository(db);
  const paymentPassword = paymentPasswordService(members, () => settings.get('password_policy'));
  const history = historyService(historyRepository(db), clock);
  const transferUpline = transferUplineService(members, ledger, site, paymentPassword);
  const gateway = gatewaySigner(await ensureGatewaySecret(settings));
  const bankAccounts = bankAccountRepository(db);
  const deposits = depositRepository(db);
  // Promotions and bonuses with wagering (issue 17, decision 070); the cashier asks it what a bonus locks.
  const rewardsRepo = rewardsRepository(db);
  const rewards = rewardsService({
    repo: rewardsRepo,
    ledger,
    inbox: inboxRepo,
    uploads,
    transaction: inTransaction(db),
    now: clock,
    defaultLanguage: async () => (await site.whitelabel()).defaultLanguage,
  });
  // Refer a friend: players' invitation codes and a bonus for a friend's first deposit (decision 075).
  const referral = referralService({
    repo: referralRepository(db),
    rewards,
    lockMainWallet: rewardsRepo.lockMainWallet,
    ledger,
    settings,
    transaction: inTransaction(db),
    now: clock,
  });
  // Rebate per game category on valid bets (decision 071).
  const rebate = rebateService({ repo: rebateRepository(db), ledger, transaction: inTransaction(db) });
  // The points mall: points in the ledger, earned on valid bets, spent on items or converted (decision 072).
  const points = pointsService({
    repo: pointsRepository(db),
    ledger,
    paymentPassword,
    transaction: inTransaction(db),
    issueBonusIn: rewards.issueBonusIn,
    currency: SITE_CURRENCY,
    defaultLanguage: async () => (await site.whitelabel()).defaultLanguage,
  });
  // Daily and weekly missions (decision 073).
  const missions = missionsService({
    repo: missionsRepository(db),
    ledger,
    transaction: inTransaction(db),
    now: clock,
    defaultLanguage: async () => (await site.whitelabel()).defaultLanguage,
  });
  const cashier = {
    deposits: cashierDeposits(deposits, ledger, gateway.payUrl),
    withdrawals: cashierWithdrawals(
      withdrawalRepository(db),
      bankAccounts,
      ledger,
      settings,
      paymentPassword,
      rewards.checkWithdrawable,
    ),
    banks: bankAccountService(bankAccounts),
    paymentPassword,
    gateway,
    settings: cashierSettingsService(deposits, settings),
    /** The member's pending-request counters the live channel pushes. */
    counters: (memberId: string) => cashierCounters(db, memberId),
  };

  // Agent centre: one subtree scope that every agent call goes through (issue 15).
  const teamRepo = teamRepository(db);
  const scope = agentScope(teamRepo);
  const team = teamService(scope, teamRepo);
  // Salary and dividend contracts (issue 16): the life cycle with the rate rule, and settlement on the job queue.
  const contractsRepo = contractsRepository(db);
  const contractOptions = () => settings.get('contracts');
  const contractFlags = async () => (await site.flags()).flags;
  const contracts = {
    service: contractsService({
      repo: contractsRepo,
      scope,
      flags: contractFlags,
      options: contractOptions,
      now: clock,
    }),
    settlement: contractSettlement({
      repo: contractsRepo,
      ledger,
      options: contractOptions,
      flags: contractFlags,
      now: clock,
    }),
  };

  const agent = {
    scope,
    team,
    reports: reportsService(scope, reportsRepository(db), team, clock),
    accounts: agentAccountsService({
      members,
      links: referralLinkRepository(db),
      scope,
      team,
      ledger,
      paymentPassword,
      site,
      settings,
    }),
    // A move ends the moved agent's contracts with its old upline, and the rate rule follows (decision 033).
    moves: memberMoves(members, contracts.service.afterMove),
  };

  // Accounts and messages.
  const messaging = messagingServices(db, env, settings, clock);
  const sessionRepo = sessionRepository(db);
  const sessions = sessionService(sessionRepo, clock);
  const secrets = await ensureAuthSecrets(settings);
  const bot = botCheck(botChallengeRepository(db), secrets.botHmacKey, env.BOT_CHECK_MAX_NUMBER, clock);
  const captcha = captchaService(captchaRepository(db), clock);
  const auth = authService({
    members,
    challenges: loginChallengeRepository(db),
    banks: cashier.banks,
    sessions,
    guard: loginGuard(loginFailureRepository(db), clock),
    captcha,
    bot,
    site,
    settings,
    verification: messaging.verification,
    outbox: messaging.outbox,
    wallet,
    referralLinks: agent.accounts,
    referrals: referral,
  });

  // Games: one vendor registry with every in-process vendor, and the catalogue they fill.
  const vault = inProcessVault(db);
  const vaultFaults = deps.vaultFaults ?? vaultFaultQueue();
  const inProcessAdapters = [
    // The house vendor ends its own game-page sessions when the operator asks (member-play-ending.ts).
    houseAdapter({ endSessions: (playerId) => house.endSessions(playerId) }),
    vaultAdapter(vault, vaultFaults),
    lotteryAdapter({ endSessions: (playerId) => lottery.endSessions(playerId) }),
    sportsAdapter({ endSessions: (playerId) => sports.endSessions(playerId) }),
    ...(deps.vendorAdapters ?? []),
  ];
  const registry = vendorRegistry(vendorRepo, inProcessAdapters);
  const catalogueRepo = catalogueRepository(db);
  // Every lobby request names games in the site's default language when a name is missing in the
  // visitor's: read once a second at most, as the other settings read on every request.
  let defaultLanguage: { at: number; value: Promise<string> } | undefined;
  const catalogue = catalogueService(catalogueRepo, () => {
    if (!defaultLanguage || Date.now() - defaultLanguage.at >= SETTING_CACHE_MS) {
      const value = site.whitelabel().then((wl) => wl.defaultLanguage);
      value.catch(() => (defaultLanguage = undefined));
      defaultLanguage = { at: Date.now(), value };
    }
    return defaultLanguage.value;
  });
  const seamlessRepo = seamlessRepository(db);
  const transferRepo = vendorTransferRepository(db);
  const gameSessions = gameSessionService(seamlessRepo, registry, clock);
  const transfers = vendorTransferService(transferRepo, ledger, registry);
  const loopback = loopbackTransport();
  const house = inProcessHouse(db, registry, loopback.send);
  const lottery = inProcessLottery(db, registry, loopback.send, clock);
  const sports = inProcessSports(db, registry, loopback.send, clock);
  const gameLaunch = launchService({
    catalogue: catalogueRepo,
    sessions: gameSessions,
    ledger,
    adapter: (vendorId) => registry.adapter(vendorId),
    vendorPlayerId: (vendorId, memberId) => transfers.vendorPlayerId(vendorId, memberId),
  });
  const games = {
    registry,
    vendors: vendorsService(vendorRepo),
    catalogue,
    vendorOps: vendorOpsService(vendorRepo, catalogueRepo, () => catalogue.invalidate()),
    seamless: seamlessWalletService(seamlessRepo, ledger, () => clock().getTime()),
    /** Game session tokens, issued at launch (tests issue them directly). */
    sessions: gameSessions,
    transfers,
    launch: gameLaunch,
    house,
    lottery,
    /** The back office's calls to the lottery vendor (decision 091). */
    lotteryOperator: inProcessLotteryOperator(lottery),
    /** The lottery calls of spec §7 (decision 092). */
    lotteryPortal: lotteryPortalService({
      vendor: inProcessLotteryOperator(lottery),
      nodeOf: async (gameCode) => (await catalogueRepo.byCode(LOTTERY_VENDOR_ID, gameCode))?.nodeId,
      launch: gameLaunch,
    }),
    sports,
    /** The back office's calls to the sportsbook (decision 102). */
    sportsOperator: inProcessSportsOperator(sports),
    vault,
    vaultFaults,
    /** In-process vendors call the operator's routes through it; `buildApp` binds it to the app. */
    loopback,
    /** Fills the catalogue from the in-process vendors' game lists (run once the app is ready). */
    syncCatalogues: inProcessCatalogueSync({ registry, adapters: inProcessAdapters, catalogueRepo, catalogue }),
  };

  // Revoking a member's sessions (password set, sign out everywhere) ends their game sessions too.
  const signOut = signOutEverywhere(
    { transaction: inTransaction(db), sessions: sessionRepo },
    memberPlayEnding({ seamless: seamlessRepo, transfers: transferRepo }, inProcessAdapters),
    clock,
  );
  const passwords = passwordFlowsService({
    store: passwordFlowsStore(db),
    members,
    auth,
    sessions,
    site,
    bot,
    verification: messaging.verification,
    outbox: messaging.outbox,
    signOut,
    now: clock,
  });

  // Back office (issue 14): staff accounts, their sessions and the audit trail; its guard admits staff routes.
  const staffAuth = staffAuthService(staffRepository(db), {
    idleMinutes: env.BO_SESSION_IDLE_MINUTES,
    maxHours: env.BO_SESSION_MAX_HOURS,
    now: clock,
  });
  const boMembers = boMembersRepository(db);
  const backOffice = {
    staffAuth,
    audit: auditService(auditRepository(db)),
    cashier,
    players: backOfficePlayers({
      members: boMembers,
      adjustments: adjustmentRepository(db),
      ledger,
      signOut,
      approvalAbove: env.BO_ADJUSTMENT_APPROVAL_ABOVE,
      now: clock,
    }),
    records: playerRecords({ members: boMembers, moves: agent.moves, now: clock }),
    games: boGamesService(boGamesRepository(db), () => catalogue.invalidate()),
    site: { ops, repo: siteRepo },
  };

  const jobRepo = jobRepository(db);
  const jobs = jobQueue(jobRepo, [
    withdrawalAutoReceiptTask(cashier.withdrawals),
    vendorTransferReconcileTask(transfers),
    houseSettleTask(house),
    lotteryDrawTask(games.lottery),
    sportsBookTask(games.sports),
    outboxRetryTask(messaging.outbox),
    ...contracts.settlement.tasks,
    rewardsSweepTask(rewards),
    referralSweepTask(referral),
    jobCleanupTask(jobRepo),
  ]);

  /** Whether the database (and Redis, when configured) answer. */
  async function health(): Promise<{ ok: boolean; checks: Record<string, 'up' | 'down'> }> {
    const checks: Record<string, 'up' | 'down'> = {
      database: await pingDatabase(db).then(
        () => 'up' as const,
        () => 'down' as const,
      ),
    };
    if (redis) checks.redis = (await redis.ping().catch(() => 'down')) === 'PONG' ? 'up' : 'down';
    return { ok: Object.values(checks).every((v) => v === 'up'), checks };
  }

  return {
    clock,
    /** The movable clock behind `clock` outside production (decision 032); undefined in production. */
    testClock,
    settings,
    site,
    ops,
    content,
    inbox,
    uploads,
    feedback,
    support,
    chatRoom,
    ledger,
    wallet,
    history,
    transferUpline,
    cashier,
    messaging,
    sessions,
    secrets,
    bot,
    captcha,
    auth,
    passwords,
    signOut,
    games,
    agent,
    contracts,
    rewards,
    referral,
    rebate,
    points,
    missions,
    jobs,
    health,
    /** Database notifications (LISTEN) for the live channel. */
    listen: database.listen,
    /** The connected members' balances, read by the live channel (decision 106). */
    balancesOf: ledgerRepo.membersBalances,
    backOffice,
    /** The back office dashboard: sums of the ledger's daily aggregates (decision 047). */
    backOfficeDashboard: dashboardService(dashboardRepository(db), clock),
    /** The back office's risk screens (decision 028). */
    backOfficeRisk: riskService(riskRepository(db), clock),
    staffGuard: deps.staffGuard ?? staffAuth.guard,
  };
}
export type Services = Awaited<ReturnType<typeof composeServices>>;
