import { beforeEach, describe, expect, it, vi } from 'vitest';

const argon = vi.hoisted(() => ({
  hash: vi.fn(async (plain: string) => `hashed:${plain}`),
  verify: vi.fn(async (stored: string, plain: string) => stored === `hashed:${plain}`),
}));
vi.mock('@node-rs/argon2', () => argon);

const { hashPassword, verifyPassword } = await import('./password.ts');

describe('checking a password', () => {
  beforeEach(() => argon.verify.mockClear());

  it('runs one argon2 verification for a known account', async () => {
    expect(await verifyPassword(await hashPassword('Demo1234'), 'Demo1234')).toBe(true);
    expect(await verifyPassword(await hashPassword('Demo1234'), 'Wrong1234')).toBe(false);
    expect(argon.verify).toHaveBeenCalledTimes(2);
  });

  it('runs an argon2 verification against a dummy hash for an unknown account, so the answer takes as long', async () => {
    expect(await verifyPassword(undefined, 'Wrong1234')).toBe(false);
    expect(argon.verify).toHaveBeenCalledTimes(1);
    const [dummyHash, plain] = argon.verify.mock.calls[0]!;
    expect(dummyHash).toMatch(/^hashed:no-such-account-/);
    expect(plain).toBe('Wrong1234');
  });

  it('answers false, not an error, when the stored hash is damaged', async () => {
    argon.verify.mockRejectedValueOnce(new Error('invalid hash'));
    expect(await verifyPassword('not-a-hash', 'Demo1234')).toBe(false);
  });
});
