import { isAgentType, SITE_CURRENCY, TRIAL_TYPE } from '@portal/contracts/limits.ts';
import type { ReferralSettings, ReferredFriend } from '@portal/contracts/rewards/referral.contract.ts';
import type { InTransaction } from '../../db/client.ts';
import type { ScheduledTask } from '../../jobs/job-queue.ts';
import { AppError } from '../../plugins/app-error.ts';
import { newCode } from '../agent/agent-accounts.service.ts';
import { writeAudit, type Actor } from '../backoffice/audit.ts';
import type { SettingsRepository } from '../site/settings.repository.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import { maskAccount } from './missions.service.ts';
import type { ReferralRepository, ReferrerFacts } from './referral.repository.ts';
import type { RewardsRepository } from './rewards.repository.ts';
import { REFERRAL_GRANT_PREFIX, type RewardsService } from './rewards.service.ts';

/** A player's invitation code: 9 characters, so it never equals an agent link's (10) or invitation code (8). */
export const INVITE_CODE_LENGTH = 9;
/** Rewards decided per sweep (the job queue runs it every minute). */
const SWEEP_BATCH = 200;

/** Only an active player can refer: agents refer through their links, trial accounts not at all. */
export const mayRefer = (m: Pick<ReferrerFacts, 'type' | 'status'>) =>
  m.status === 'ACTIVE' && m.type !== TRIAL_TYPE && !isAgentType(m.type);

/** What a referred friend's first deposit earns the referrer, or why nothing (decision 075). */
export function referralOutcome(
  s: Pick<ReferralSettings, 'enabled' | 'minimumDeposit'>,
  r: { depositAmount: bigint; friendType: number; referrer: Pick<ReferrerFacts, 'type' | 'status'> },
): 'PAID' | 'OFF' | 'NOT_ELIGIBLE' | 'BELOW_MINIMUM' {
  if (!s.enabled) return 'OFF';
  if (r.friendType === TRIAL_TYPE || !mayRefer(r.referrer)) return 'NOT_ELIGIBLE';
  if (r.depositAmount < BigInt(s.minimumDeposit)) return 'BELOW_MINIMUM';
  return 'PAID';
}

/**
 * Refer a friend (spec §2 `referral`, decision 075). A player's invitation code records the friend
 * who registers with it as referred by the player (`member.referred_by`, not an upline). A trigger on
 * the friend's first deposit queues the reward (DUE); it is decided here, off the deposit's path —
 * when the database announces it, when the referrer opens the page, and every minute — under the
 * referrer's main wallet lock and the reward row's lock, and paid through the rewards module's
 * once-per-request-id grant keyed by the friend (`referral:<friend id>`): once, however many
 * instances race.
 */
export function referralService(d: {
  repo: ReferralRepository;
  rewards: Pick<RewardsService, 'grantOnceIn'>;
  lockMainWallet: RewardsRepository['lockMainWallet'];
  ledger: Pick<LedgerService, 'ensureAccount'>;
  settings: SettingsRepository;
  transaction: InTransaction;
  now: () => Date;
}) {
  const { repo, settings, transaction, now } = d;
  const currency = SITE_CURRENCY;

  async function inviteCode(memberId: string): Promise<string> {
    let code = await repo.inviteCode(memberId);
    for (let attempt = 0; !code && attempt < 5; attempt++) {
      await repo.setInviteCodeIfNone(memberId, newCode(INVITE_CODE_LENGTH)).catch((err: { code?: string }) => {
        if (err.code !== '23505') throw err; // a code another member has: try another
      });
      code = await repo.inviteCode(memberId);
    }
    if (!code) throw new Error('no free invitation code after 5 attempts');
    return code;
  }

  /** Decides one friend's reward if it is still DUE; true when this call decided it. */
  async function decide(friendId: string, referrerId: string): Promise<boolean> {
    await d.ledger.ensureAccount({ kind: 'MEMBER_MAIN', memberId: referrerId, currency });
    return transaction(async (trx) => {
      // The lock order of every bonus change (decision 070): the main wallet first, then the reward row.
      await d.lockMainWallet(trx, referrerId, currency);
      const due = await repo.lockDue(trx, friendId);
      if (!due) return false;
      const s = await settings.get('referral_reward', trx);
      const outcome = referralOutcome(s, {
        depositAmount: BigInt(due.depositAmount),
        friendType: due.friendType,
        referrer: { type: due.referrerType, status: due.referrerStatus },
      });
      const at = now();
      if (outcome !== 'PAID') {
        await repo.decide(trx, friendId, { status: outcome, rewardAmount: null, bonusId: null, at });
        return true;
      }
      const amount = BigInt(s.rewardAmount);
      const bonusId = await d.rewards.grantOnceIn(trx, {
        memberId: referrerId,
        currency,
        amount,
        wageringMultiple: s.wageringMultiple,
        validDays: s.validDays,
        // The friend, as the referrer reads it in the bonus's title and staff in its reason.
        reason: maskAccount(due.friendAccount),
        requestId: `${REFERRAL_GRANT_PREFIX}${friendId}`,
        staffId: null,
      });
      await repo.decide(trx, friendId, { status: 'PAID', rewardAmount: amount, bonusId: bonusId ?? null, at });
      return true;
    });
  }

  async function settleDue(of: { referrerId?: string; friendId?: string }): Promise<number> {
    let decided = 0;
    for (const r of await repo.due(of, SWEEP_BATCH)) if (await decide(r.friendId, r.referrerId)) decided++;
    return decided;
  }

  return {
    inviteCode,
    settleDue,

    /** A friend announced on `referral_due` (their first deposit): decided now, off the deposit's path. */
    settleFriend: async (friendId: string): Promise<boolean> => (await settleDue({ friendId })) > 0,

    /**
     * Registration (decision 075): the referrer a new member names. A shared link's code that is no
     * player's is ignored (it stays on the member as the link's tag, as before); a recommender typed
     * into the form must be an active player's invitation code or account, and not the new account itself.
     */
    async referrerFor(p: {
      username: string;
      referralCode?: string | undefined;
      recommenderId?: string | undefined;
    }): Promise<string | null> {
      if (p.referralCode) {
        const r = await repo.byInviteCode(p.referralCode);
        if (r && mayRefer(r)) return r.id;
      }
      const typed = p.recommenderId?.trim();
      if (!typed) return null;
      if (typed.toLowerCase() === p.username.trim().toLowerCase())
        throw new AppError('SELF_REFERRAL', 400, 'You cannot refer yourself.', 'body.recommenderId');
      const r = (await repo.byInviteCode(typed)) ?? (await repo.byAccount(typed));
      if (!r || !mayRefer(r))
        throw new AppError(
          'INVALID_RECOMMENDER',
          400,
          'No player has this invitation code or account.',
          'body.recommenderId',
        );
      return r.id;
    },

    /** The referral page: the code, the programme, the totals and a page of friends, after deciding what is due. */
    async overview(memberId: string, page: number, pageSize: number) {
      await settleDue({ referrerId: memberId });
      const [code, program, totals, rows] = await Promise.all([
        inviteCode(memberId),
        settings.get('referral_reward'),
        repo.totals(memberId),
        repo.friends(memberId, pageSize, (page - 1) * pageSize),
      ]);
      const items: ReferredFriend[] = rows.map((r) => ({
        account: maskAccount(r.account),
        registeredAt: new Date(r.createdAt).toISOString(),
        firstDeposit: r.firstDeposit,
        rewardStatus: r.status ?? (r.firstDeposit ? 'NOT_ELIGIBLE' : 'NO_DEPOSIT'),
        rewardAmount: r.rewardAmount,
      }));
      return {
        inviteCode: code,
        program: { ...program, currency },
        totals,
        items,
        page,
        pageSize,
        total: totals.friends,
      };
    },

    settings: () => settings.get('referral_reward'),

    /** Back office: the programme, audited; first deposits decided from now on follow it. */
    saveSettings: (actor: Actor, next: ReferralSettings) =>
      settings.update(
        'referral_reward',
        () => next,
        (trx, before, after) =>
          writeAudit(trx, actor, {
            action: 'referral.settings',
            target: 'site_setting:referral_reward',
            before,
            after,
          }),
      ),
  };
}
export type ReferralService = ReturnType<typeof referralService>;

/** Every minute: referral rewards whose announcement no instance heard are decided. */
export const referralSweepTask = (referral: ReferralService): ScheduledTask => ({
  name: 'referral-sweep',
  everyMs: 60_000,
  run: async () => ({ decided: await referral.settleDue({}) }),
});
