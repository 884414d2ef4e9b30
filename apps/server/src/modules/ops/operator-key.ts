import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The operator key: OPERATOR_KEY when set, else one generated once into DATA_DIR/operator.key. */
export function resolveOperatorKey(envKey: string | undefined, dataDir: string): string {
  if (envKey) return envKey;
  const file = join(dataDir, 'operator.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(24).toString('base64url');
  writeFileSync(file, key + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

/** Constant-time comparison that also hides the key's length. */
export function keyMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}
