import { describe, expect, it } from 'vitest';
import { passwordWeakness } from './password-strength.ts';

describe('passwords nobody may set', () => {
  it("refuses the site's default password, whatever its case", () => {
    expect(passwordWeakness('Aurora2023', 'Aurora2023')).toBe('default');
    expect(passwordWeakness('aurora2023', 'Aurora2023')).toBe('default');
    expect(passwordWeakness('Aurora2024', 'Aurora2023')).toBeNull();
    expect(passwordWeakness('Aurora2023', null)).toBeNull();
  });

  it('refuses one character or one short unit repeated', () => {
    expect(passwordWeakness('a'.repeat(32))).toBe('repeated');
    expect(passwordWeakness('111111')).toBe('repeated');
    expect(passwordWeakness('abababab')).toBe('repeated');
    expect(passwordWeakness('ab12ab12')).toBe('repeated');
    expect(passwordWeakness('aaaa1111')).toBe('repeated');
  });

  it('refuses sequences: alphabet, digits and keyboard rows, either way, alone or as two runs', () => {
    for (const p of ['123456', '654321', 'abcdef', 'FEDCBA', 'qwerty', 'asdfgh', '7890123', 'abcd1234', 'abc111'])
      expect(passwordWeakness(p), p).toBe('sequential');
  });

  it('accepts ordinary passwords, the demo ones and those the tests use included', () => {
    for (const p of ['Demo1234', 'Agent1234', 'Pay12345', 'Fresh456', 'a1b2c3d4', '246810', 'Orchid58Lane', 'pay-4321'])
      expect(passwordWeakness(p, 'Aurora2023'), p).toBeNull();
  });

  it('leaves an empty password to the required rule', () => {
    expect(passwordWeakness('')).toBeNull();
  });
});
