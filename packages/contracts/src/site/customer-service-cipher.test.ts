import { describe, expect, it } from 'vitest';
import { decryptCustomerServiceUrl, encryptCustomerServiceUrl } from './customer-service-cipher.ts';

describe('customer-service link cipher', () => {
  it('decrypts what it encrypts, with the key carried in the last 8 characters', async () => {
    const stored = await encryptCustomerServiceUrl('https://chat.example/room?id=7', 'Ab3dE5gH');
    expect(stored.endsWith('Ab3dE5gH')).toBe(true);
    expect(stored).not.toContain('chat.example');
    expect(await decryptCustomerServiceUrl(stored)).toBe('https://chat.example/room?id=7');
  });
  it('gives a different text each time for the same link', async () => {
    const a = await encryptCustomerServiceUrl('/helpmc');
    const b = await encryptCustomerServiceUrl('/helpmc');
    expect(a).not.toBe(b);
  });
  it('answers null for a tampered or truncated text instead of throwing', async () => {
    const stored = await encryptCustomerServiceUrl('/helpmc', 'Ab3dE5gH');
    const tampered = (stored[0] === 'A' ? 'B' : 'A') + stored.slice(1);
    expect(await decryptCustomerServiceUrl(tampered)).toBeNull();
    expect(await decryptCustomerServiceUrl('short')).toBeNull();
    expect(await decryptCustomerServiceUrl(stored.slice(0, -1) + 'Z')).toBeNull();
  });
});
