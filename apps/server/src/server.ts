import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { EnvError, loadEnv } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoAccounts } from './db/seed/demo-accounts.ts';
import { seedDemoMoney } from './db/seed/demo-money.ts';
import { seedDemo } from './db/seed/demo-seed.ts';
import { resolveOperatorKey } from './modules/ops/operator-key.ts';

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }

  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  const applied = await migrateToLatest(database.db);
  const seeded = env.SEED_DEMO ? await seedDemo(database.db) : false;
  if (env.SEED_DEMO && (await seedDemoAccounts(database.db))) await seedDemoMoney(database.db);
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
  const operatorKey = resolveOperatorKey(env.OPERATOR_KEY, env.DATA_DIR);
  const app = await buildApp({ env, database, operatorKey, redis });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    redis?.disconnect();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  console.log(
    [
      '',
      `  Portal is running: http://${shownHost}:${port}/`,
      `  API docs:          http://${shownHost}:${port}/api/docs`,
      `  Database:          ${database.kind === 'pglite' ? `embedded PGlite in ${env.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}` +
        (applied.length ? ` — migrations applied: ${applied.join(', ')}` : '') +
        (seeded ? ' — demo site seeded' : ''),
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  console.error('The portal failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
