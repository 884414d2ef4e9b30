import { z } from 'zod';
import { defineRoute } from '../http.ts';

/** Missions (spec §2 missionLeaderboard, §7 mission summary and leaderboard; decision 073). */

export const MISSION_PERIODS = ['DAILY', 'WEEKLY'] as const;
export const MISSION_KINDS = ['DEPOSIT', 'VALID_BET', 'ROUNDS', 'SIGN_IN_DAYS'] as const;

export const MissionSchema = z.object({
  id: z.string(),
  period: z.enum(MISSION_PERIODS),
  kind: z.enum(MISSION_KINDS),
  /** VALID_BET and ROUNDS: the game category counted; null: every game. */
  gameType: z.string().nullable(),
  title: z.string(),
  /** Minor units for DEPOSIT and VALID_BET, a count for ROUNDS and SIGN_IN_DAYS. */
  target: z.string(),
  progress: z.string(),
  reward: z.string(),
  currency: z.string(),
  status: z.enum(['IN_PROGRESS', 'CLAIMABLE', 'CLAIMED']),
  /** When this period ends (the next KST midnight, or the next Monday's). */
  endsAt: z.string(),
});
export type Mission = z.infer<typeof MissionSchema>;

export const getMissionSummary = defineRoute({
  operationId: 'getMissionSummary',
  method: 'GET',
  path: '/api/missions/summary',
  summary: "The member's daily and weekly missions with their progress this period, and how many can be claimed.",
  tags: ['rewards'],
  audience: 'realMember',
  query: z.object({ language: z.string().max(5).optional() }),
  value: z.object({ items: z.array(MissionSchema), claimable: z.number().int() }),
});

export const getMissionLeaderboard = defineRoute({
  operationId: 'getMissionLeaderboard',
  method: 'GET',
  path: '/api/missions/leaderboard',
  summary: "This week's mission leaderboard: members by missions completed, accounts masked; the member's own rank.",
  tags: ['rewards'],
  audience: 'realMember',
  value: z.object({
    items: z.array(
      z.object({ rank: z.number().int(), account: z.string(), completed: z.number().int(), reward: z.string() }),
    ),
    mine: z.object({ rank: z.number().int().nullable(), completed: z.number().int() }),
    currency: z.string(),
    weekStart: z.string(),
  }),
});

export const claimMission = defineRoute({
  operationId: 'claimMission',
  method: 'POST',
  path: '/api/missions/claim',
  summary: "Claims a completed mission's reward for this period, once: it is paid to the main wallet.",
  tags: ['rewards'],
  audience: 'realMember',
  rateLimit: { perMinute: 30 },
  body: z.object({ missionId: z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id') }),
  value: z.object({ missionId: z.string(), amount: z.string(), currency: z.string() }),
});
