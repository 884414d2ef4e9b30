import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE site_setting (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE module (
      mod_id text PRIMARY KEY,
      parent_id text REFERENCES module (mod_id),
      enabled boolean NOT NULL DEFAULT true,
      sort integer NOT NULL DEFAULT 0
    );
    CREATE TABLE resource (
      id serial PRIMARY KEY,
      resource_type text NOT NULL,
      name text NOT NULL,
      label_name_en text NOT NULL,
      url text NOT NULL,
      sort integer NOT NULL DEFAULT 0
    );
    CREATE TABLE registration_field (
      field text PRIMARY KEY,
      enabled boolean NOT NULL,
      required boolean NOT NULL,
      accepted_pattern text NOT NULL DEFAULT '*',
      pattern_id text NOT NULL,
      min_length integer CHECK (min_length >= 0),
      max_length integer CHECK (max_length >= 0),
      sort integer NOT NULL DEFAULT 0,
      CHECK (min_length IS NULL OR max_length IS NULL OR min_length <= max_length)
    );
    CREATE TABLE language (
      code text PRIMARY KEY,
      name text NOT NULL,
      native_name text NOT NULL,
      enabled boolean NOT NULL DEFAULT false,
      sort integer NOT NULL DEFAULT 0
    );
    CREATE TABLE country (
      country_code char(2) PRIMARY KEY,
      dialing_code text NOT NULL,
      name text NOT NULL,
      sort integer NOT NULL DEFAULT 0
    );
    CREATE TABLE vendor (
      id text PRIMARY KEY,
      name text NOT NULL,
      logo_url text NOT NULL,
      mode text NOT NULL CHECK (mode IN ('SEAMLESS', 'TRANSFER')),
      status text NOT NULL CHECK (status IN ('LIVE', 'COMING', 'MAINTENANCE')),
      sort integer NOT NULL DEFAULT 0
    );
    CREATE TABLE vendor_category (
      vendor_id text NOT NULL REFERENCES vendor (id),
      category text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      PRIMARY KEY (vendor_id, category)
    );
    CREATE TABLE banner (
      id serial PRIMARY KEY,
      group_name text NOT NULL,
      language text NOT NULL,
      title text NOT NULL,
      image_url text NOT NULL,
      url text NOT NULL DEFAULT '',
      linkage_type text NOT NULL CHECK (linkage_type IN ('INTERNAL', 'EXTERNAL', 'NONE')),
      sort integer NOT NULL DEFAULT 0,
      active boolean NOT NULL DEFAULT true
    );
    CREATE INDEX banner_group_language ON banner (group_name, language) WHERE active;
    CREATE TABLE announcement (
      id serial PRIMARY KEY,
      type text NOT NULL CHECK (type IN ('PL', 'PU', 'PR', 'H')),
      language text NOT NULL,
      title text NOT NULL,
      content text NOT NULL,
      execution text NOT NULL DEFAULT 'B' CHECK (execution IN ('A', 'B', 'F')),
      sort integer NOT NULL DEFAULT 0,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX announcement_type_language ON announcement (type, language) WHERE active;
    CREATE TABLE domain_router (
      domain text PRIMARY KEY,
      route text NOT NULL CHECK (route IN ('MEMBER', 'AGENT', 'MOBILE')),
      merchant_code text NOT NULL,
      main boolean NOT NULL DEFAULT false
    );
    CREATE TABLE cdn_host (
      id serial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('IMAGE', 'LAUNCH')),
      url text NOT NULL,
      sort integer NOT NULL DEFAULT 0
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE cdn_host, domain_router, announcement, banner, vendor_category, vendor, country,
      language, registration_field, resource, module, site_setting;
  `.execute(db);
}
