import { PLAY_MS, playMatch, stateAt, SUSPEND_BEFORE_MS } from '@portal/house-vendor/sports/match-engine.ts';
import { fixtureParams } from '@portal/house-vendor/sports/schedule.ts';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { bearer } from '../../../test/auth-helpers.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { requestId, type TestPlayer } from '../wallet/cashier.test-helpers.ts';

/** The sportsbook vendor's own API (decision 100), as its betting client calls it. */
export const sportsApi = (url: string) => `/vendor/sports/api/${url}`;

export interface Market {
  id: string;
  suspended: boolean;
  selections: { selection: string; oddsBp: number | null }[];
}
export interface Fixture {
  id: string;
  sport: string;
  startsAt: string;
  phase: string;
  main: Market | null;
}
export interface Leg {
  fixtureId: string;
  marketId: string;
  selection: string;
  oddsBp: number;
}

/** A player opens the sports (or e-sports) book from the catalogue: launch, then the vendor's session. */
export async function openBook(t: TestApp, p: TestPlayer, gameCode = 'striker-sports'): Promise<string> {
  const list = (await t.app.inject({ url: `/api/games?vassalage=STRIKER&pageSize=60` })).json().value.content;
  const game = list.find((g: { gameCode: string }) => g.gameCode === gameCode);
  const launch = await t.app.inject({
    url: `/api/games/launch?nodeId=${game.nodeId}&mode=REAL`,
    headers: bearer(p.token),
  });
  expect(launch.statusCode, launch.body).toBe(200);
  const url: string = launch.json().value.url;
  expect(url.startsWith(gameCode === 'striker-sports' ? '/sports#' : '/esports#')).toBe(true);
  const launchToken = new URLSearchParams(url.split('#')[1]).get('t')!;
  const opened = await t.app.inject({ method: 'POST', url: sportsApi('session'), payload: { launchToken } });
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json().value.session;
}

/** Fixtures of `sport` not started yet, soonest first, from the book. */
export async function upcomingFixtures(t: TestApp, sport = 'football'): Promise<Fixture[]> {
  const res = await t.app.inject({ url: sportsApi(`book?group=sports&hours=6`) });
  expect(res.statusCode, res.body).toBe(200);
  const all: Fixture[] = res
    .json()
    .value.sports.flatMap((s: { competitions: { fixtures: Fixture[] }[] }) =>
      s.competitions.flatMap((c) => c.fixtures),
    );
  return all.filter((f) => f.sport === sport && f.phase === 'PRE').sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

export const fixturePage = async (t: TestApp, id: string) =>
  (await t.app.inject({ url: sportsApi(`fixture?id=${id}`) })).json().value;

export const priceOf = (m: Market | null | undefined, selection: string) =>
  m!.selections.find((s) => s.selection === selection)!.oddsBp!;

export const placeTicket = (
  t: TestApp,
  session: string,
  legs: Leg[],
  stake = '10000',
  policy = 'ASK',
  rid = requestId(),
) =>
  t.app.inject({
    method: 'POST',
    url: sportsApi('tickets'),
    payload: { session, requestId: rid, stake, policy, legs },
  });

/** The instant a fixture's match is over by (plus two minutes), from its sport's play time. */
export const afterFullTime = (f: Pick<Fixture, 'startsAt' | 'sport'>) =>
  Date.parse(f.startsAt) + PLAY_MS[f.sport as keyof typeof PLAY_MS] + 120_000;

/** The seamless calls the vendor sent for one ticket, by action. */
export async function ticketCalls(t: TestApp, ticketId: string) {
  const rows = await sql<{ action: string; n: number }>`
    SELECT action, count(*)::int AS n FROM seamless_transaction
    WHERE vendor_id = 'STRIKER' AND round_id = ${ticketId} GROUP BY action ORDER BY action`.execute(t.database.db);
  return Object.fromEntries(rows.rows.map((r) => [r.action, r.n]));
}

/**
 * A football match's script (from its stored secret seed) and its first event well into the match
 * whose suspension starts after a quiet moment (`quiet`, on the app's clock); `types` picks the events.
 * Undefined when the match has no such event.
 */
export async function quietEvent(t: TestApp, f: Fixture, types = ['GOAL', 'DANGER', 'RED_CARD']) {
  const row = (
    await sql<{ seed: string; competition: string; home: string; away: string }>`
      SELECT seed, competition, home, away FROM sb_fixture WHERE id = ${f.id}`.execute(t.database.db)
  ).rows[0]!;
  const script = playMatch('football', fixtureParams(row), f.id, row.seed);
  const start = Date.parse(f.startsAt);
  const event = script.events.find(
    (e) =>
      types.includes(e.type) &&
      e.atMs > 30_000 &&
      !stateAt('football', script, e.atMs - SUSPEND_BEFORE_MS - 2_000).suspended,
  );
  return event && { script, start, event, quiet: start + event.atMs - SUSPEND_BEFORE_MS - 2_000 };
}
