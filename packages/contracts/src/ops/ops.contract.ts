import { z } from 'zod';
import { defineRoute } from '../http.ts';

/** Operator calls: authenticated by the `X-Operator-Key` header, used by `npm run ops`. */
/**
 * Maintenance: switched on, it is in effect from `startTime` (null: at once) until `endTime` (null:
 * until switched off), on the server's clock (decision 042). The end must come after the start.
 */
export const MaintenanceSchema = z
  .object({
    enabled: z.boolean(),
    title: z.string().trim().max(200).default(''),
    info: z.string().trim().max(2000).default(''),
    startTime: z.iso.datetime({ offset: true }).nullable().default(null),
    endTime: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .refine((m) => !m.startTime || !m.endTime || Date.parse(m.startTime) < Date.parse(m.endTime), {
    path: ['endTime'],
    message: 'the end must come after the start',
  });
export type Maintenance = z.infer<typeof MaintenanceSchema>;

/** Where a maintenance setting stands at `now`: off, waiting for its start, in effect, or past its end. */
export type MaintenanceState = 'OFF' | 'SCHEDULED' | 'ON' | 'ENDED';
export const maintenanceState = (m: Maintenance, now: Date): MaintenanceState => {
  if (!m.enabled) return 'OFF';
  const at = now.getTime();
  if (m.startTime && at < Date.parse(m.startTime)) return 'SCHEDULED';
  if (m.endTime && at >= Date.parse(m.endTime)) return 'ENDED';
  return 'ON';
};

export const RegionRestrictionSchema = z.object({
  enabled: z.boolean(),
  countries: z
    .array(z.string().regex(/^[A-Z]{2}$/, 'two-letter country code'))
    .max(250)
    .default([]),
  /** CIDR ranges or single addresses, IPv4 or IPv6. */
  ipRanges: z.array(z.string().max(64)).max(1000).default([]),
});
export type RegionRestriction = z.infer<typeof RegionRestrictionSchema>;

export const setMaintenance = defineRoute({
  operationId: 'setMaintenance',
  method: 'PUT',
  path: '/api/ops/maintenance',
  summary:
    'Switch maintenance on or off (title, info text, optional start and end times: in effect from the start, or at once, until the end).',
  tags: ['ops'],
  audience: 'operator',
  body: MaintenanceSchema,
  value: MaintenanceSchema,
});

export const setRegionRestriction = defineRoute({
  operationId: 'setRegionRestriction',
  method: 'PUT',
  path: '/api/ops/region-restriction',
  summary: 'Block countries and IP ranges. Effective at once.',
  tags: ['ops'],
  audience: 'operator',
  body: RegionRestrictionSchema,
  value: RegionRestrictionSchema,
});

export const getOpsStatus = defineRoute({
  operationId: 'getOpsStatus',
  method: 'GET',
  path: '/api/ops/status',
  summary: 'Current maintenance and region-restriction settings.',
  tags: ['ops'],
  audience: 'operator',
  value: z.object({ maintenance: MaintenanceSchema, regionRestriction: RegionRestrictionSchema }),
});

export const ModuleSwitchSchema = z.object({
  modId: z.string().trim().min(1).max(64),
  enabled: z.boolean(),
});

export const setModule = defineRoute({
  operationId: 'setModule',
  method: 'PUT',
  path: '/api/ops/module',
  summary:
    'Switch a site module (a feature flag of getPermissionInfo) on or off. Effective at once on this instance, within a second on the others.',
  tags: ['ops'],
  audience: 'operator',
  body: ModuleSwitchSchema,
  value: ModuleSwitchSchema,
});

/**
 * The test clock (decision 032): outside production the server's clock can be moved, so a story sees
 * a settlement period end without waiting for it. Moving it also runs the job queue once at the new
 * time. Never served when NODE_ENV=production.
 */
export const TestClockSchema = z.object({
  /** The server's time now (ISO). */
  now: z.string(),
  /** How far the server's clock is ahead of real time (negative: behind), in milliseconds. */
  offsetMs: z.number().int(),
  /** The job runs the move started: their keys, and whether each finished. */
  ran: z.array(z.object({ key: z.string(), ok: z.boolean() })),
});
export type TestClock = z.infer<typeof TestClockSchema>;

export const getTestClock = defineRoute({
  operationId: 'getTestClock',
  method: 'GET',
  path: '/api/dev/clock',
  summary: "The server's (test) time and its offset from real time. Not served when NODE_ENV=production.",
  tags: ['dev'],
  audience: 'operator',
  value: TestClockSchema,
});

const MAX_OFFSET_MS = 400 * 86_400_000;
export const setTestClock = defineRoute({
  operationId: 'setTestClock',
  method: 'PUT',
  path: '/api/dev/clock',
  summary:
    "Moves the server's clock (outside production only): to an instant (`at`), by an amount (`advanceMs`), or " +
    'back to real time (`at: null`); then runs the job queue once at the new time (settlements of finished periods).',
  tags: ['dev'],
  audience: 'operator',
  body: z
    .object({
      at: z.iso.datetime({ offset: true }).nullable().optional(),
      advanceMs: z.number().int().min(-MAX_OFFSET_MS).max(MAX_OFFSET_MS).optional(),
    })
    .refine((b) => (b.at === undefined) !== (b.advanceMs === undefined), {
      message: 'Give either at or advanceMs.',
    }),
  value: TestClockSchema,
});
