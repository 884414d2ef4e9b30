import type { StaffMission } from '@portal/contracts/backoffice/rewards.contract.ts';
import type { Mission } from '@portal/contracts/rewards/missions.contract.ts';
import type { InTransaction } from '../../db/client.ts';
import { AppError } from '../../plugins/app-error.ts';
import { writeAudit, type Actor } from '../backoffice/audit.ts';
import { kstDay, kstMidnight } from '../wallet/history.service.ts';
import type { LedgerService } from '../wallet/ledger.service.ts';
import type { MissionRow, MissionsRepository } from './missions.repository.ts';

const DAY_MS = 86_400_000;
const BOARD_SIZE = 20;

/** The KST period a mission counts in at `at`: [from, to) as days, and its key (the first day). */
export function periodOf(period: MissionRow['period'], at: Date): { from: string; to: string } {
  const today = kstDay(at);
  if (period === 'DAILY') return { from: today, to: kstDay(new Date(kstMidnight(today).getTime() + DAY_MS + 1)) };
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const monday = kstDay(new Date(kstMidnight(today).getTime() - weekday * DAY_MS + 1));
  return { from: monday, to: kstDay(new Date(kstMidnight(monday).getTime() + 7 * DAY_MS + 1)) };
}

/** Masks an account for the leaderboard: the first two and the last character. */
export const maskAccount = (a: string) => (a.length <= 3 ? `${a[0]}**` : `${a.slice(0, 2)}***${a.slice(-1)}`);

/**
 * Missions (decision 073): progress is read from the ledger's per-member day aggregates and the
 * sign-ins for the mission's KST day or week, so it follows every event; a claim locks the member's
 * main wallet, checks the progress again, inserts the claim (unique per mission, member and period)
 * and pays the reward through the ledger under `mission:<claim id>`.
 */
export function missionsService(deps: {
  repo: MissionsRepository;
  ledger: LedgerService;
  transaction: InTransaction;
  now: () => Date;
  defaultLanguage: () => Promise<string>;
}) {
  const { repo, ledger, transaction, now } = deps;
  const title = async (m: MissionRow, language: string | undefined) =>
    (language ? m.texts[language] : undefined)?.title ??
    m.texts[await deps.defaultLanguage()]?.title ??
    Object.values(m.texts)[0]?.title ??
    '';

  async function summary(memberId: string, language: string | undefined) {
    const at = now();
    const missions = await repo.missions(true);
    const periods = missions.map((m) => periodOf(m.period, at));
    const claimed = await repo.claimedKeys(memberId, [...new Set(periods.map((p) => p.from))]);
    const items: Mission[] = await Promise.all(
      missions.map(async (m, i) => {
        const p = periods[i]!;
        const progress = await repo.progress(memberId, m, p.from, p.to);
        const done = claimed.has(`${m.id}:${p.from}`);
        return {
          id: m.id,
          period: m.period,
          kind: m.kind,
          gameType: m.gameType,
          title: await title(m, language),
          target: m.target,
          progress: (progress > BigInt(m.target) ? BigInt(m.target) : progress).toString(),
          reward: m.reward,
          currency: m.currency,
          status: done ? 'CLAIMED' : progress >= BigInt(m.target) ? 'CLAIMABLE' : 'IN_PROGRESS',
          endsAt: kstMidnight(p.to).toISOString(),
        };
      }),
    );
    return { items, claimable: items.filter((m) => m.status === 'CLAIMABLE').length };
  }

  return {
    summary,

    async claim(memberId: string, missionId: string) {
      const m = await repo.mission(missionId);
      if (!m || !m.enabled) throw new AppError('MISSION_NOT_FOUND', 404, 'No such mission.', 'body.missionId');
      const p = periodOf(m.period, now());
      await ledger.ensureAccount({ kind: 'MEMBER_MAIN', memberId, currency: m.currency });
      await transaction(async (trx) => {
        await repo.lockMainWallet(trx, memberId, m.currency);
        const progress = await repo.progress(memberId, m, p.from, p.to, trx);
        const id = await repo.insertClaim(trx, m.id, memberId, p.from, BigInt(m.reward));
        if (!id) throw new AppError('MISSION_ALREADY_CLAIMED', 409, 'This mission was already claimed.');
        if (progress < BigInt(m.target))
          throw new AppError('MISSION_NOT_COMPLETE', 409, 'This mission is not complete yet.', undefined, {
            progress: progress.toString(),
            target: m.target,
          });
        await ledger.transferIn(trx, {
          idempotencyKey: `mission:${id}`,
          kind: 'MISSION_REWARD',
          from: { kind: 'BONUS', currency: m.currency },
          to: { kind: 'MEMBER_MAIN', memberId, currency: m.currency },
          amount: BigInt(m.reward),
          reference: { missionId: m.id, period: p.from },
        });
      });
      return { missionId: m.id, amount: m.reward, currency: m.currency };
    },

    async leaderboard(memberId: string) {
      const weekStart = periodOf('WEEKLY', now()).from;
      const rows = await repo.board(weekStart, 1000);
      const mine = rows.findIndex((r) => r.memberId === memberId);
      return {
        items: rows.slice(0, BOARD_SIZE).map((r, i) => ({
          rank: i + 1,
          account: maskAccount(r.account),
          completed: r.completed,
          reward: r.reward,
        })),
        mine: { rank: mine >= 0 ? mine + 1 : null, completed: mine >= 0 ? rows[mine]!.completed : 0 },
        currency: 'KRW',
        weekStart,
      };
    },

    async staffList(): Promise<{ items: StaffMission[] }> {
      const [missions, counts] = await Promise.all([repo.missions(false), repo.claimCounts()]);
      return {
        items: missions.map((m) => ({
          id: m.id,
          period: m.period,
          kind: m.kind,
          gameType: m.gameType,
          target: m.target,
          reward: m.reward,
          texts: m.texts,
          enabled: m.enabled,
          sort: m.sort,
          claims: counts.get(m.id) ?? 0,
        })),
      };
    },

    async save(actor: Actor, body: Omit<StaffMission, 'id' | 'claims'> & { id?: string | undefined }) {
      if (Object.keys(body.texts).length === 0)
        throw new AppError('VALIDATION_FAILED', 400, 'body.texts: a title in at least one language.', 'body.texts');
      const before = body.id ? await repo.mission(body.id) : undefined;
      if (body.id && !before) throw new AppError('MISSION_NOT_FOUND', 404, 'No such mission.', 'body.id');
      const gameType = body.kind === 'VALID_BET' || body.kind === 'ROUNDS' ? body.gameType : null;
      const id = await transaction(async (trx) => {
        const saved = await repo.save(trx, { ...body, gameType });
        await writeAudit(trx, actor, {
          action: body.id ? 'mission.update' : 'mission.create',
          target: `mission:${saved}`,
          ...(before ? { before: { target: before.target, reward: before.reward, enabled: before.enabled } } : {}),
          after: {
            period: body.period,
            kind: body.kind,
            target: body.target,
            reward: body.reward,
            enabled: body.enabled,
          },
        });
        return saved;
      });
      return (await this.staffList()).items.find((m) => m.id === id)!;
    },
  };
}
export type MissionsService = ReturnType<typeof missionsService>;
