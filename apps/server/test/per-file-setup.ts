import { newRedisKeyPrefix } from './test-app.ts';

// Runs before each API test file, also when a worker runs several files in one module graph.
newRedisKeyPrefix();
