import { type Kysely, sql } from 'kysely';

/**
 * The player's inbox (issue 18, decision 053).
 * - `inbox_message`: one row per message whatever its reach: a personal message names its member;
 *   a group message names a member type or an agent (its downline) ; a site-wide message names
 *   nobody. System messages carry a `kind` and its `params`, worded in the reader's language by the
 *   web app; staff messages carry a title and sanitized HTML. `dedupe_key` makes each system event
 *   one message however often its trigger runs.
 * - `inbox_receipt`: a member's read or deleted state of a message, created lazily on the first
 *   read or delete, so sending to 100 000 members writes one row, not 100 000.
 * - Triggers add the system messages when a deposit is credited, a withdrawal is paid or refused,
 *   and a contract is offered, whichever service or job made the change; and announce counter
 *   changes on `member_counters` (one member) or `inbox_broadcast` (a group or the whole site).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE inbox_message (
      id bigserial PRIMARY KEY,
      audience text NOT NULL CHECK (audience IN ('MEMBER', 'MEMBER_TYPE', 'DOWNLINE', 'ALL')),
      member_id bigint REFERENCES member (id),
      member_type integer,
      sender text NOT NULL CHECK (sender IN ('STAFF', 'SYSTEM')),
      staff_id bigint,
      kind text NOT NULL DEFAULT 'STAFF',
      params jsonb NOT NULL DEFAULT '{}'::jsonb,
      title text NOT NULL DEFAULT '',
      content text NOT NULL DEFAULT '',
      dedupe_key text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((audience IN ('MEMBER', 'DOWNLINE')) = (member_id IS NOT NULL)),
      CHECK ((audience = 'MEMBER_TYPE') = (member_type IS NOT NULL)),
      CHECK (sender = 'STAFF' OR audience = 'MEMBER')
    );
    CREATE INDEX inbox_message_personal ON inbox_message (member_id, id) WHERE audience = 'MEMBER';
    CREATE INDEX inbox_message_group ON inbox_message (id) WHERE audience <> 'MEMBER';

    CREATE TABLE inbox_receipt (
      message_id bigint NOT NULL REFERENCES inbox_message (id) ON DELETE CASCADE,
      member_id bigint NOT NULL REFERENCES member (id),
      read_at timestamptz,
      deleted_at timestamptz,
      PRIMARY KEY (member_id, message_id)
    );

    CREATE FUNCTION inbox_message_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.audience = 'MEMBER' THEN
        PERFORM pg_notify('member_counters', NEW.member_id::text);
      ELSE
        PERFORM pg_notify('inbox_broadcast', NEW.id::text);
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER inbox_message_notify AFTER INSERT ON inbox_message
      FOR EACH ROW EXECUTE FUNCTION inbox_message_notify();

    CREATE FUNCTION inbox_receipt_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('member_counters', NEW.member_id::text);
      RETURN NEW;
    END $$;
    CREATE TRIGGER inbox_receipt_notify AFTER INSERT OR UPDATE ON inbox_receipt
      FOR EACH ROW EXECUTE FUNCTION inbox_receipt_notify();

    CREATE FUNCTION inbox_system_message(p_member bigint, p_kind text, p_params jsonb, p_key text)
      RETURNS void LANGUAGE sql AS $$
      INSERT INTO inbox_message (audience, member_id, sender, kind, params, dedupe_key)
        VALUES ('MEMBER', p_member, 'SYSTEM', p_kind, p_params, p_key)
        ON CONFLICT (dedupe_key) DO NOTHING
    $$;

    CREATE FUNCTION inbox_cashier_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status IS NOT DISTINCT FROM OLD.status THEN
        RETURN NEW;
      END IF;
      IF TG_TABLE_NAME = 'deposit' AND NEW.status IN ('CONFIRMED', 'REJECTED') THEN
        PERFORM inbox_system_message(NEW.member_id,
          CASE NEW.status WHEN 'CONFIRMED' THEN 'DEPOSIT_CREDITED' ELSE 'DEPOSIT_REJECTED' END,
          jsonb_build_object('amount', NEW.amount::text, 'currency', NEW.currency, 'reason', NEW.reject_reason),
          'deposit:' || NEW.id || ':' || NEW.status);
      ELSIF TG_TABLE_NAME = 'withdrawal' AND NEW.status IN ('APPROVED', 'REJECTED') THEN
        PERFORM inbox_system_message(NEW.member_id,
          CASE NEW.status WHEN 'APPROVED' THEN 'WITHDRAWAL_PAID' ELSE 'WITHDRAWAL_REJECTED' END,
          jsonb_build_object('amount', NEW.amount::text, 'currency', NEW.currency, 'reason', NEW.reject_reason),
          'withdrawal:' || NEW.id || ':' || NEW.status);
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER deposit_inbox AFTER UPDATE OF status ON deposit
      FOR EACH ROW EXECUTE FUNCTION inbox_cashier_event();
    CREATE TRIGGER withdrawal_inbox AFTER UPDATE OF status ON withdrawal
      FOR EACH ROW EXECUTE FUNCTION inbox_cashier_event();

    CREATE FUNCTION inbox_contract_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status = 'OFFERED' THEN
        PERFORM inbox_system_message(NEW.holder_id, 'CONTRACT_OFFERED',
          jsonb_build_object('contractKind', NEW.kind), 'contract:' || NEW.id || ':OFFERED');
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER agent_contract_inbox AFTER INSERT ON agent_contract
      FOR EACH ROW EXECUTE FUNCTION inbox_contract_event();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER agent_contract_inbox ON agent_contract;
    DROP TRIGGER withdrawal_inbox ON withdrawal;
    DROP TRIGGER deposit_inbox ON deposit;
    DROP FUNCTION inbox_contract_event();
    DROP FUNCTION inbox_cashier_event();
    DROP FUNCTION inbox_system_message(bigint, text, jsonb, text);
    DROP TABLE inbox_receipt;
    DROP TABLE inbox_message;
    DROP FUNCTION inbox_receipt_notify();
    DROP FUNCTION inbox_message_notify();
  `.execute(db);
}
