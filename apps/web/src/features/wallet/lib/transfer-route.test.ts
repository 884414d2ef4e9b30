import { describe, expect, it } from 'vitest';
import { allToMainTone, pickSide, returnedTotal, routeFrom, routeTo, swapRoute } from './transfer-route.ts';

describe('transfer route', () => {
  const toVault = { vendorId: 'VAULT', direction: 'TO_VENDOR' } as const;

  it('always has the main wallet on one side', () => {
    expect([routeFrom(toVault), routeTo(toVault)]).toEqual(['MAIN', 'VAULT']);
    const back = swapRoute(toVault);
    expect([routeFrom(back), routeTo(back)]).toEqual(['VAULT', 'MAIN']);
    expect(swapRoute(back)).toEqual(toVault);
  });

  it('puts main on the other side when a vendor is picked, and the vendor when main is picked', () => {
    expect(pickSide(toVault, 'from', 'ACME')).toEqual({ vendorId: 'ACME', direction: 'TO_MAIN' });
    expect(pickSide(toVault, 'to', 'MAIN')).toEqual({ vendorId: 'VAULT', direction: 'TO_MAIN' });
    expect(pickSide({ vendorId: 'VAULT', direction: 'TO_MAIN' }, 'from', 'MAIN')).toEqual(toVault);
    expect(pickSide(toVault, 'to', 'ACME')).toEqual({ vendorId: 'ACME', direction: 'TO_VENDOR' });
  });

  it('shows an unknown outcome as being checked, never as done or failed', () => {
    expect(allToMainTone('PENDING')).toBe('pending');
    expect(allToMainTone('IN_PROGRESS')).toBe('pending');
    expect(allToMainTone('SUCCESS')).toBe('success');
    expect(allToMainTone('FAILED')).toBe('danger');
  });

  it('counts only what the vendors confirmed as returned', () => {
    expect(
      returnedTotal([
        { outcome: 'SUCCESS', amount: '10000' },
        { outcome: 'PENDING', amount: '5000' },
        { outcome: 'SUCCESS', amount: '250' },
        { outcome: 'SKIPPED', amount: '0' },
      ]),
    ).toBe('10250');
  });
});
