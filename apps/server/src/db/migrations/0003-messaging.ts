import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE outbox_message (
      id bigserial PRIMARY KEY,
      channel text NOT NULL CHECK (channel IN ('SMS', 'EMAIL')),
      recipient text NOT NULL,
      subject text,
      body text NOT NULL,
      purpose text NOT NULL,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SENT', 'FAILED')),
      -- OUTBOX: no outside transport configured, the row itself is the delivery (read by the dev page).
      transport text NOT NULL CHECK (transport IN ('OUTBOX', 'SMTP', 'SMS_GATEWAY')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    );
    CREATE INDEX outbox_message_channel_id ON outbox_message (channel, id DESC);
    -- A row left PENDING means the process died mid-delivery: a retry job can find them cheaply.
    CREATE INDEX outbox_message_pending ON outbox_message (created_at) WHERE status = 'PENDING';

    CREATE TABLE verification_code (
      id bigserial PRIMARY KEY,
      purpose text NOT NULL CHECK (purpose IN ('LOGIN', 'REGISTER', 'RESET', 'NEW_IP')),
      channel text NOT NULL CHECK (channel IN ('SMS', 'EMAIL')),
      recipient text NOT NULL,
      code_salt text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      max_attempts integer NOT NULL CHECK (max_attempts > 0),
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX verification_code_lookup ON verification_code (purpose, recipient, created_at DESC);
    -- The rolling cap counts codes per recipient across purposes (one phone, one SMS bill).
    CREATE INDEX verification_code_recipient ON verification_code (recipient, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE verification_code, outbox_message;`.execute(db);
}
