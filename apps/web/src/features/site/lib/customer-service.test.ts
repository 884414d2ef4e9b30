import { encryptCustomerServiceUrl } from '@portal/contracts/site/customer-service-cipher.ts';
import { LIMITS } from '@portal/contracts/limits.ts';
import { describe, expect, it } from 'vitest';
import {
  customerServiceWindowFeatures,
  isSafeCustomerServiceUrl,
  resolveCustomerServiceUrl,
} from './customer-service.ts';

describe('customer-service link', () => {
  it('decrypts the link the server encrypted (round trip)', async () => {
    const encrypted = await encryptCustomerServiceUrl('https://support.example/chat?site=AURORA');
    expect(encrypted).not.toContain('support.example');
    await expect(resolveCustomerServiceUrl(encrypted)).resolves.toBe('https://support.example/chat?site=AURORA');
  });

  it('decrypts a site-relative link', async () => {
    const encrypted = await encryptCustomerServiceUrl('/helpmc?topic=contact', 'Ab3dEf7h');
    expect(encrypted.endsWith('Ab3dEf7h')).toBe(true);
    await expect(resolveCustomerServiceUrl(encrypted)).resolves.toBe('/helpmc?topic=contact');
  });

  it('gives no link for a tampered or missing value', async () => {
    const encrypted = await encryptCustomerServiceUrl('https://support.example/chat');
    const tampered = (encrypted[0] === 'A' ? 'B' : 'A') + encrypted.slice(1);
    await expect(resolveCustomerServiceUrl(tampered)).resolves.toBeNull();
    await expect(resolveCustomerServiceUrl('')).resolves.toBeNull();
    await expect(resolveCustomerServiceUrl(undefined)).resolves.toBeNull();
  });

  it('refuses script and data links even when they decrypt', async () => {
    await expect(resolveCustomerServiceUrl(await encryptCustomerServiceUrl('javascript:alert(1)'))).resolves.toBeNull();
    expect(isSafeCustomerServiceUrl('//evil.example')).toBe(false);
    expect(isSafeCustomerServiceUrl('data:text/html,hi')).toBe(false);
    expect(isSafeCustomerServiceUrl('https://ok.example')).toBe(true);
  });

  it('opens the window at the size of the spec', () => {
    const features = customerServiceWindowFeatures(0, 0, 1440, 900);
    expect(features).toContain(`width=${LIMITS.customerServiceWindow.width}`);
    expect(features).toContain(`height=${LIMITS.customerServiceWindow.height}`);
    expect(LIMITS.customerServiceWindow).toEqual({ width: 440, height: 750 });
  });
});
