import { type Kysely, sql } from 'kysely';

/**
 * A seamless bet or win of 0 (a lost round's closing win, decision 103) in one statement, as
 * seamless_money_call is for other amounts (decision 043): it claims `(vendor, transaction_id)`,
 * checks for a win that the round has a bet still standing (the round's bets locked, as before),
 * reads the player's balance and stores the answer. Nothing moves, so no ledger transfer is made. A
 * claim already taken returns that row (`TAKEN`); a win with no standing bet deletes its claim and
 * answers TRANSACTION_NOT_FOUND. Before, the same steps were six statements in one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION seamless_zero_call(
      p_vendor text, p_tx text, p_action text, p_hash text, p_member bigint, p_round text, p_currency text,
      p_needs_standing_bet boolean, p_wallet_kind text, p_answer jsonb,
      OUT o_status text, OUT o_balance bigint, OUT o_taken_action text, OUT o_taken_hash text, OUT o_taken_response text)
    LANGUAGE plpgsql AS $$
    DECLARE
      v_claimed boolean;
    BEGIN
      INSERT INTO seamless_transaction (vendor_id, transaction_id, action, request_hash, member_id, round_id, amount, currency)
      VALUES (p_vendor, p_tx, p_action, p_hash, p_member, p_round, 0, p_currency)
      ON CONFLICT (vendor_id, transaction_id) DO NOTHING
      RETURNING true INTO v_claimed;
      IF v_claimed IS NULL THEN
        SELECT 'TAKEN', s.action, s.request_hash, s.response::text
          INTO o_status, o_taken_action, o_taken_hash, o_taken_response
          FROM seamless_transaction s WHERE (s.vendor_id, s.transaction_id) = (p_vendor, p_tx);
        RETURN;
      END IF;
      -- A win needs a bet of the round that no accepted rollback reversed; the round's bets are locked
      -- first, so that a win and a rollback of the same bet take turns.
      IF p_needs_standing_bet AND NOT EXISTS (
           SELECT 1
             FROM (SELECT b.transaction_id FROM seamless_transaction b
                    WHERE b.vendor_id = p_vendor AND b.member_id = p_member AND b.round_id = p_round
                      AND b.action = 'BET'
                    ORDER BY b.transaction_id FOR UPDATE) AS bets
            WHERE NOT EXISTS (SELECT 1 FROM seamless_transaction r
                               WHERE r.vendor_id = p_vendor AND r.action = 'ROLLBACK'
                                 AND r.reference_id = bets.transaction_id AND r.response ->> 'status' = 'OK')) THEN
        DELETE FROM seamless_transaction s WHERE (s.vendor_id, s.transaction_id) = (p_vendor, p_tx)
        RETURNING 'TRANSACTION_NOT_FOUND' INTO o_status;
        RETURN;
      END IF;
      SELECT coalesce(max(a.balance), 0) INTO o_balance FROM ledger_account a
       WHERE a.kind = p_wallet_kind AND a.currency = p_currency AND coalesce(a.member_id, 0) = p_member
         AND coalesce(a.vendor_id, '') = '';
      UPDATE seamless_transaction s SET response = p_answer || jsonb_build_object('balance', o_balance::text)
       WHERE (s.vendor_id, s.transaction_id) = (p_vendor, p_tx)
      RETURNING 'OK' INTO o_status;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP FUNCTION seamless_zero_call(text, text, text, text, bigint, text, text, boolean, text, jsonb);
  `.execute(db);
}
