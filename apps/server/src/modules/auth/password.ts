import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum: 19 MiB memory, 2 passes, 1 lane (~40-100 ms here). */
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (plain: string) => hash(plain, OPTIONS);

/** A hash of nothing anyone knows: checking it costs the same time as checking a real one. */
let dummy: Promise<string> | undefined;

/** Verifies, or spends the same time on a dummy hash when there is no account, so timing tells nothing. */
export async function verifyPassword(storedHash: string | undefined, plain: string): Promise<boolean> {
  if (!storedHash) {
    dummy ??= hash('no-such-account-' + Math.random(), OPTIONS);
    await verify(await dummy, plain).catch(() => false);
    return false;
  }
  return verify(storedHash, plain).catch(() => false);
}
