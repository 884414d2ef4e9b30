import { type Kysely, sql } from 'kysely';

/**
 * The reward centre's red counters follow what can be claimed (issue 17, decision 074). A row that
 * makes something claimable or claimed for a member — a promotion claim or application (and its
 * review), a bonus issued or ended, a mission or rebate claim, a points redemption and its review, a
 * sign-in (the "sign in on N days" missions) — announces the member on `member_rewards` at commit;
 * a promotion or mission created, changed or switched by staff announces everyone on
 * `rewards_broadcast`. Every server instance then tells the member's sockets to read their rewards
 * again, whichever service or job made the change. Money moves (bets, deposits) already reach the
 * sockets as balance events; a bonus's turnover counted by a bet is not an announcement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION member_rewards_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
        PERFORM pg_notify('member_rewards', NEW.member_id::text);
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER promotion_claim_rewards_notify AFTER INSERT OR UPDATE ON promotion_claim
      FOR EACH ROW EXECUTE FUNCTION member_rewards_notify();
    CREATE TRIGGER member_bonus_rewards_notify AFTER INSERT OR UPDATE OF status ON member_bonus
      FOR EACH ROW EXECUTE FUNCTION member_rewards_notify();
    CREATE TRIGGER points_redemption_rewards_notify AFTER INSERT OR UPDATE OF status ON points_redemption
      FOR EACH ROW EXECUTE FUNCTION member_rewards_notify();

    CREATE FUNCTION member_rewards_notify_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('member_rewards', NEW.member_id::text);
      RETURN NEW;
    END $$;
    CREATE TRIGGER mission_claim_rewards_notify AFTER INSERT ON mission_claim
      FOR EACH ROW EXECUTE FUNCTION member_rewards_notify_insert();
    CREATE TRIGGER rebate_claim_rewards_notify AFTER INSERT ON rebate_claim
      FOR EACH ROW EXECUTE FUNCTION member_rewards_notify_insert();
    CREATE TRIGGER member_session_rewards_notify AFTER INSERT ON member_session
      FOR EACH ROW EXECUTE FUNCTION member_rewards_notify_insert();

    CREATE FUNCTION rewards_broadcast_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('rewards_broadcast', TG_TABLE_NAME);
      RETURN NULL;
    END $$;
    CREATE TRIGGER promotion_rewards_broadcast AFTER INSERT OR UPDATE OR DELETE ON promotion
      FOR EACH STATEMENT EXECUTE FUNCTION rewards_broadcast_notify();
    CREATE TRIGGER mission_rewards_broadcast AFTER INSERT OR UPDATE OR DELETE ON mission
      FOR EACH STATEMENT EXECUTE FUNCTION rewards_broadcast_notify();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER promotion_claim_rewards_notify ON promotion_claim;
    DROP TRIGGER member_bonus_rewards_notify ON member_bonus;
    DROP TRIGGER points_redemption_rewards_notify ON points_redemption;
    DROP TRIGGER mission_claim_rewards_notify ON mission_claim;
    DROP TRIGGER rebate_claim_rewards_notify ON rebate_claim;
    DROP TRIGGER member_session_rewards_notify ON member_session;
    DROP TRIGGER promotion_rewards_broadcast ON promotion;
    DROP TRIGGER mission_rewards_broadcast ON mission;
    DROP FUNCTION member_rewards_notify();
    DROP FUNCTION member_rewards_notify_insert();
    DROP FUNCTION rewards_broadcast_notify();
  `.execute(db);
}
