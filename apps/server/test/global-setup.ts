import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import './provided-context.ts';

/**
 * With TEST_DATABASE_URL (a PostgreSQL the tests may create databases on), each test file gets its
 * own throwaway database named after this run; whatever is left is dropped at the end.
 */
export default async function setup(project: TestProject) {
  const admin = process.env.TEST_DATABASE_URL ?? '';
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  project.provide('adminDatabaseUrl', admin);
  project.provide('runId', runId);
  return async () => {
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
