import { EnvError, loadEnv } from './config/env.ts';
import { unsafeProductionSettings } from './config/production-safety.ts';

/** Exit code 2, as for an invalid environment: the start is refused before anything listens. */
function refuseUnsafe(problems: string[]): never {
  console.error(`Unsafe settings for production:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(2);
}

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
  const unsafe = unsafeProductionSettings(env);
  if (unsafe.length > 0) refuseUnsafe(unsafe);

  // The application is loaded only once the environment is known to be good, so a refused start
  // answers at once instead of after loading (and, under tsx, compiling) the whole server.
  const [{ Redis }, { buildApp }, { openDatabase }, { prepareDatabase, UnsafeDatabaseError }, { resolveOperatorKey }] =
    await Promise.all([
      import('ioredis'),
      import('./app.ts'),
      import('./db/client.ts'),
      import('./db/prepare-database.ts'),
      import('./modules/ops/operator-key.ts'),
    ]);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
  });
  let prepared;
  try {
    prepared = await prepareDatabase(env, database.db);
  } catch (err) {
    if (!(err instanceof UnsafeDatabaseError)) throw err;
    await database.close();
    refuseUnsafe(err.problems);
  }
  const { applied, seeded } = prepared;
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
      ...(env.NODE_ENV === 'production' ? [] : [`  API docs:          http://${shownHost}:${port}/api/docs`]),
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
