import { FairRng } from '../fairness/fair-rng.ts';
import { COMPETITIONS, type Competition, findCompetition, findTeam, type Sport } from './catalog.ts';
import { sportParams, type SportParams } from './score-model.ts';

/**
 * The schedule generator (decision 100): every competition kicks off `perSlot` matches on each
 * whole multiple of its `slotMinutes` since the epoch, with pairings drawn from a public stream
 * keyed by the slot. Any instance, any time, makes the same fixtures with the same ids, so keeping
 * the next days filled is an idempotent insert.
 */
export interface Fixture {
  id: string;
  competition: string;
  sport: Sport;
  home: string;
  away: string;
  startsAt: number;
}

/** A fixed public key for the pairings (the outcomes use each fixture's own secret seed). */
const SCHEDULE_SEED = '5b0c7ad1e0f44c2b9d1b2a6f3c8e4d7a9f0e1d2c3b4a5968778695a4b3c2d1e0';

function stamp(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}`;
}

function slotFixtures(c: Competition, startsAt: number): Fixture[] {
  const rng = new FairRng({ serverSeed: SCHEDULE_SEED, clientSeed: `${c.code}:${startsAt}`, nonce: 0 });
  const teams = rng.draw(c.teams, c.perSlot * 2);
  const out: Fixture[] = [];
  for (let i = 0; i < c.perSlot; i++)
    out.push({
      id: `${c.code}-${stamp(startsAt)}-${i + 1}`,
      competition: c.code,
      sport: c.sport,
      home: teams[2 * i]!.code,
      away: teams[2 * i + 1]!.code,
      startsAt,
    });
  return out;
}

/** Every fixture starting in [fromMs, toMs), ordered by start then id. */
export function fixturesBetween(fromMs: number, toMs: number, competitions = COMPETITIONS): Fixture[] {
  const out: Fixture[] = [];
  for (const c of competitions) {
    const slot = c.slotMinutes * 60_000;
    for (let t = Math.ceil(fromMs / slot) * slot; t < toMs; t += slot) out.push(...slotFixtures(c, t));
  }
  return out.sort((a, b) => a.startsAt - b.startsAt || a.id.localeCompare(b.id));
}

/** The rates of a fixture's two sides. */
export function fixtureParams(f: Pick<Fixture, 'competition' | 'home' | 'away'>): SportParams {
  const c = findCompetition(f.competition);
  const home = c && findTeam(c, f.home);
  const away = c && findTeam(c, f.away);
  if (!c || !home || !away) throw new Error(`Unknown fixture sides ${f.competition}: ${f.home} v ${f.away}`);
  return sportParams(c.sport, home.rating, away.rating);
}
