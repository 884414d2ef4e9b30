import type { Transaction } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { SETTINGS, type SettingKey, type SettingRead, type SettingValue } from './settings.ts';

type Executor = Db | Transaction<Database>;

/** A stored setting that does not match its schema: the site's configuration is broken, not the request. */
export class SettingError extends Error {
  constructor(key: string, detail: string) {
    super(`site setting '${key}' is invalid: ${detail}`);
    this.name = 'SettingError';
  }
}

function parse<K extends SettingKey>(key: K, raw: unknown): SettingValue<K> {
  const result = SETTINGS[key].schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new SettingError(key, `${issue?.path.join('.') || '(value)'}: ${issue?.message ?? 'does not match'}`);
  }
  return result.data as SettingValue<K>;
}

function orFallback<K extends SettingKey>(key: K, value: SettingValue<K> | undefined): SettingRead<K> {
  const { fallback } = SETTINGS[key] as { fallback?: unknown };
  return (value ?? fallback) as SettingRead<K>;
}

/**
 * The one way to read and write `site_setting`: `get('cashier')` answers the cashier settings typed
 * and validated by their schema in `settings.ts`. Settings read on every request are cached for a
 * moment per instance; a write through this repository clears its own instance's copy at once.
 */
export function settingsRepository(db: Db, now: () => number = Date.now) {
  const cache = new Map<SettingKey, { at: number; value: unknown }>();

  async function read<K extends SettingKey>(ex: Executor, key: K): Promise<SettingValue<K> | undefined> {
    const row = await ex.selectFrom('siteSetting').select('value').where('key', '=', key).executeTakeFirst();
    return row === undefined ? undefined : parse(key, row.value);
  }

  async function write<K extends SettingKey>(ex: Executor, key: K, value: SettingValue<K>): Promise<SettingValue<K>> {
    const checked = parse(key, value);
    const json = JSON.stringify(checked);
    await ex
      .insertInto('siteSetting')
      .values({ key, value: json })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updatedAt: new Date() }))
      .execute();
    return checked;
  }

  return {
    /** The setting, or its fallback when the row is missing. Inside a transaction, pass it: the read is not cached. */
    async get<K extends SettingKey>(key: K, trx?: Transaction<Database>): Promise<SettingRead<K>> {
      if (trx) return orFallback(key, await read(trx, key));
      const ttl: number | undefined = (SETTINGS[key] as { cacheMs?: number }).cacheMs;
      const hit = ttl ? cache.get(key) : undefined;
      if (hit && now() - hit.at < ttl!) return hit.value as SettingRead<K>;
      const value = orFallback(key, await read(db, key));
      if (ttl) cache.set(key, { at: now(), value });
      return value;
    },

    /** Validates the value against its schema, stores it and clears this instance's cached copy. */
    async put<K extends SettingKey>(key: K, value: SettingValue<K>): Promise<SettingValue<K>> {
      try {
        return await write(db, key, value);
      } finally {
        cache.delete(key);
      }
    },

    /**
     * Read, change and write one setting under its row lock, so two changes at once never lose one.
     * `change` gets the current value (or the fallback) and answers the next one; it may read and
     * lock other rows in the same transaction (taken after this setting's row lock).
     */
    async update<K extends SettingKey>(
      key: K,
      change: (current: SettingRead<K>, trx: Transaction<Database>) => SettingValue<K> | Promise<SettingValue<K>>,
      /** Called in the change's transaction with the value before and after (the back office's audit row). */
      record?: (trx: Transaction<Database>, before: SettingRead<K>, after: SettingValue<K>) => Promise<void>,
    ): Promise<SettingValue<K>> {
      try {
        return await db.transaction().execute(async (trx) => {
          await trx.selectFrom('siteSetting').select('key').where('key', '=', key).forUpdate().execute();
          const before = orFallback(key, await read(trx, key));
          const after = await write(trx, key, await change(before, trx));
          await record?.(trx, before, after);
          return after;
        });
      } finally {
        cache.delete(key);
      }
    },

    /**
     * A value made once per site (a secret): the first instance to store it wins, and every instance
     * answers the stored one, so two instances starting together agree.
     */
    async ensure<K extends SettingKey>(key: K, candidate: SettingValue<K>): Promise<SettingValue<K>> {
      const json = JSON.stringify(parse(key, candidate));
      await db
        .insertInto('siteSetting')
        .values({ key, value: json })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const stored = await read(db, key);
      if (stored === undefined) throw new SettingError(key, 'missing right after it was stored');
      return stored;
    },

    /** True once the site has been set up (the demo seed and the operator check it). */
    async has(key: SettingKey): Promise<boolean> {
      const row = await db.selectFrom('siteSetting').select('key').where('key', '=', key).executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
