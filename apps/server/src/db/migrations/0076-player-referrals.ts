import { TRIAL_TYPE } from '@portal/contracts/limits.ts';
import { type Kysely, sql } from 'kysely';

/**
 * Refer a friend (decision 075). A player's invitation code (`member.invite_code`, made on first
 * view) and who referred a member (`member.referred_by`) — a recommender, not an upline: players
 * have no downline (issue 15), so the friend's place in the agent tree is untouched.
 *
 * `referral_reward` is one row per referred friend who made a first deposit: a trigger on
 * `member_first_deposit` (the row the ledger's day-flow trigger writes once per member, in the
 * deposit's own transaction, decision 051) inserts it as DUE — one primary-key read of the member
 * and one insert, only for a referred member's first deposit — and announces it on `referral_due`.
 * The rewards module decides it outside the deposit's transaction (PAID with the bonus,
 * BELOW_MINIMUM, OFF or NOT_ELIGIBLE). Trial accounts never get a row. A friend registering or a
 * reward decided announces the referrer on `member_rewards` (decision 074) so their page refreshes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const trial = sql.lit(TRIAL_TYPE);
  await sql`
    ALTER TABLE member
      ADD COLUMN invite_code text,
      ADD COLUMN referred_by bigint REFERENCES member (id);
    CREATE UNIQUE INDEX member_invite_code ON member (lower(invite_code)) WHERE invite_code IS NOT NULL;
    CREATE INDEX member_referred_by ON member (referred_by, id) WHERE referred_by IS NOT NULL;

    CREATE TABLE referral_reward (
      friend_id bigint PRIMARY KEY REFERENCES member (id),
      referrer_id bigint NOT NULL REFERENCES member (id),
      deposit_amount bigint NOT NULL,
      transfer_id bigint NOT NULL REFERENCES ledger_transfer (id),
      status text NOT NULL DEFAULT 'DUE'
        CHECK (status IN ('DUE', 'PAID', 'BELOW_MINIMUM', 'OFF', 'NOT_ELIGIBLE')),
      reward_amount bigint,
      bonus_id bigint REFERENCES member_bonus (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      decided_at timestamptz
    );
    CREATE INDEX referral_reward_referrer ON referral_reward (referrer_id);
    CREATE INDEX referral_reward_due ON referral_reward (created_at) WHERE status = 'DUE';

    CREATE FUNCTION referral_first_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      v_referrer bigint;
      v_type integer;
    BEGIN
      SELECT referred_by, type INTO v_referrer, v_type FROM member WHERE id = NEW.member_id;
      IF v_referrer IS NOT NULL AND v_type <> ${trial} THEN
        INSERT INTO referral_reward (friend_id, referrer_id, deposit_amount, transfer_id)
        VALUES (NEW.member_id, v_referrer, NEW.amount, NEW.transfer_id)
        ON CONFLICT (friend_id) DO NOTHING;
        PERFORM pg_notify('referral_due', NEW.member_id::text);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER member_first_deposit_referral AFTER INSERT ON member_first_deposit
      FOR EACH ROW EXECUTE FUNCTION referral_first_deposit();

    CREATE FUNCTION referral_notify_referrer() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'member' THEN
        PERFORM pg_notify('member_rewards', NEW.referred_by::text);
      ELSIF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
        PERFORM pg_notify('member_rewards', NEW.referrer_id::text);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER member_referred_notify AFTER INSERT ON member
      FOR EACH ROW WHEN (NEW.referred_by IS NOT NULL) EXECUTE FUNCTION referral_notify_referrer();
    CREATE TRIGGER referral_reward_notify AFTER INSERT OR UPDATE OF status ON referral_reward
      FOR EACH ROW EXECUTE FUNCTION referral_notify_referrer();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER referral_reward_notify ON referral_reward;
    DROP TRIGGER member_referred_notify ON member;
    DROP FUNCTION referral_notify_referrer();
    DROP TRIGGER member_first_deposit_referral ON member_first_deposit;
    DROP FUNCTION referral_first_deposit();
    DROP TABLE referral_reward;
    DROP INDEX member_referred_by;
    DROP INDEX member_invite_code;
    ALTER TABLE member DROP COLUMN referred_by, DROP COLUMN invite_code;
  `.execute(db);
}
