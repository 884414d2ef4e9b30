import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  sql,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// bigint (int8) and numeric come back as strings: money stays exact and never becomes a float.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export type Db = Kysely<Database>;
/** What a repository query runs on: the database, or the transaction a service opened. */
export type Executor = Db | Transaction<Database>;
/** A service's unit of work: everything `work` writes commits together or not at all. */
export type InTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
export const inTransaction =
  (db: Db): InTransaction =>
  (work) =>
    db.transaction().execute(work);
/**
 * A unit of work over a repository built on the executor it is given: `work` gets it on the
 * transaction, and the transaction itself for other repositories' writes that must commit with it.
 */
export type UnitOfWork<R> = <T>(work: (tx: R, trx: Transaction<Database>) => Promise<T>) => Promise<T>;
export const unitOfWork =
  <R>(db: Db, on: (trx: Db) => R): UnitOfWork<R> =>
  (work) =>
    db.transaction().execute((trx) => work(on(trx), trx));

/**
 * Marks a statement to be run as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every call (decision 043). Only for the hot paths' fixed statements (a
 * statement whose text changes with its input would fill every connection with plans); write it at
 * the front of the SQL, `sql\`${PREPARED} SELECT …\``, or in a builder with `.modifyFront(PREPARED)`.
 */
export const PREPARED = sql.raw('/* prepared */');
const PREPARED_MARK = '/* prepared */';

/**
 * The pool as Kysely sees it, with every statement that carries PREPARED sent under a name derived
 * from its text (so one name always means one text), the others as before.
 */
function namingPool(pool: pg.Pool): PostgresPool {
  const named = new WeakSet<pg.PoolClient>();
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) names.set(text, (name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
    return name;
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      if (!named.has(client)) {
        named.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as { query: unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) =>
          typeof text === 'string' && Array.isArray(values) && text.includes(PREPARED_MARK)
            ? query({ name: nameOf(text), text, values }, ...rest)
            : query(text, values, ...rest);
      }
      return client as unknown as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/** One round trip to the database (the health check). */
export const pingDatabase = (db: Db) => sql`select 1`.execute(db);

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** LISTEN on a channel; notifications arrive only for committed transactions. Returns the unlisten. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The embedded database's files as an image `loadDataDir` starts from (PGlite only; the API tests' setup). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/** A dedicated connection for LISTEN that reconnects if the server drops it. */
function pgListener(connectionString: string) {
  return async (channel: string, onPayload: (payload: string) => void) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    let client: pg.Client | undefined;
    let closed = false;
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ connectionString });
      c.on('notification', (n) => n.channel === channel && n.payload !== undefined && onPayload(n.payload));
      c.on('error', (err) => {
        console.warn(`listener connection lost: ${err.message}`);
        if (!closed) setTimeout(() => void connect().catch(() => undefined), 1000);
      });
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      client = c;
    };
    await connect();
    return async () => {
      closed = true;
      await client?.end().catch(() => undefined);
    };
  };
}

export interface DbOptions {
  databaseUrl?: string | undefined;
  /** Directory for the embedded database, or `memory://` for a throwaway in-memory one. */
  dataDir: string;
  poolSize?: number;
  /**
   * An embedded database to start from (a PGlite `dumpDataDir` image) instead of running initdb,
   * which costs seconds of WebAssembly per database; the API tests open one per file.
   */
  loadDataDir?: Blob;
}

/**
 * One query layer for both databases: Kysely's PostgresDialect on a `pg` pool, which runs on a real
 * PostgreSQL when a URL is given and on the embedded PGlite otherwise (through its node-postgres
 * adapter, one connection, transactions one at a time).
 */
export async function openDatabase(opts: DbOptions): Promise<DbHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle connection the server closes (restart, failover, admin) must not crash the process: the
    // pool drops it and opens a new one on the next query.
    pool.on('error', (err) => console.warn(`database connection lost: ${err.message}`));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: namingPool(pool) }),
      plugins: [new CamelCasePlugin()],
    });
    return { db, kind: 'postgres', listen: pgListener(opts.databaseUrl), close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { createPgConfig } = await import('@electric-sql/pglite/node-postgres');
  // The lobby's name search uses a trigram index (migration 0031) when the extension is there.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  let dir = opts.dataDir;
  if (!dir.startsWith('memory://')) {
    dir = resolve(dir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const pglite = await PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const config = createPgConfig(pglite);
  const pool = new pg.Pool({ ...config, max: config.poolSize } as pg.PoolConfig);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: namingPool(pool) }),
    plugins: [new CamelCasePlugin()],
  });
  return {
    db,
    kind: 'pglite',
    listen: async (channel, onPayload) => {
      const unlisten = await pglite.listen(channel, onPayload);
      return () => unlisten();
    },
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
