import { sql } from 'kysely';
import type { Executor } from '../client.ts';

/** Rebate rates of the demo site (decision 071), in hundredths of a percent. */
export const DEMO_REBATE_RATES: Record<string, number> = {
  RNG: 80,
  LIVE: 50,
  SPORTS: 40,
  FISH: 60,
  MINI: 30,
};

/** The demo site's rebate rates (and, as they land, its points mall and missions). */
export async function seedDemoRewards(trx: Executor): Promise<void> {
  for (const [gameType, rateBp] of Object.entries(DEMO_REBATE_RATES))
    await sql`INSERT INTO rebate_rate (game_type, rate_bp) VALUES (${gameType}, ${rateBp})`.execute(trx);
}
