import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
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
