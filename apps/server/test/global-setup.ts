import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import './provided-context.ts';
import { prepareDatabase } from './prepare-database.ts';

/**
 * With TEST_DATABASE_URL (a PostgreSQL the tests may create databases on), each test file gets its
 * own throwaway database named after this run; whatever is left is dropped at the end. Without it,
 * each file gets its own in-memory PGlite, loaded from one empty image made here: the same empty
 * database initdb would make, without paying initdb's seconds of WebAssembly per file.
 *
 * Besides the empty one, a prepared database (migrated, demo site seeded) is made once here — a
 * template database on PostgreSQL, a second image on PGlite — and `startTestApp` copies it instead
 * of migrating and seeding in every file.
 */
export default async function setup(project: TestProject) {
  const admin = process.env.TEST_DATABASE_URL ?? '';
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  project.provide('adminDatabaseUrl', admin);
  project.provide('runId', runId);
  let imageDir = '';
  let template = '';
  if (!admin) {
    const { PGlite } = await import('@electric-sql/pglite');
    const pglite = await PGlite.create('memory://');
    const image = await pglite.dumpDataDir('none');
    await pglite.close();
    imageDir = mkdtempSync(join(tmpdir(), 'portal-pglite-'));
    writeFileSync(join(imageDir, 'empty.tar'), Buffer.from(await image.arrayBuffer()));
    const handle = await openDatabase({ dataDir: 'memory://', loadDataDir: image });
    await prepareDatabase(handle);
    const prepared = await handle.dumpDataDir!();
    await handle.close();
    writeFileSync(join(imageDir, 'prepared.tar'), Buffer.from(await prepared.arrayBuffer()));
  } else {
    template = `portal_t_${runId}_template`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE "${template}"`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${template}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '', poolSize: 2 });
    await prepareDatabase(handle);
    await handle.close();
  }
  project.provide('pgliteImage', imageDir ? join(imageDir, 'empty.tar') : '');
  project.provide('pglitePreparedImage', imageDir ? join(imageDir, 'prepared.tar') : '');
  project.provide('preparedTemplate', template);
  return async () => {
    if (imageDir) rmSync(imageDir, { recursive: true, force: true });
    if (!admin) return;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `portal_t_${runId}_%`,
    ]);
    for (const r of rows) await client.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
    await client.end();
  };
}
