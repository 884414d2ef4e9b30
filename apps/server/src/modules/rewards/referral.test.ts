import { TRIAL_TYPE } from '@portal/contracts/limits.ts';
import { describe, expect, it } from 'vitest';
import { mayRefer, referralOutcome } from './referral.service.ts';
import { grantTitle } from './rewards.service.ts';

const on = { enabled: true, minimumDeposit: '100000' };
const player = { type: 0, status: 'ACTIVE' as const };

describe('who may refer a friend', () => {
  it('is an active player only: not an agent, a trial account or a disabled member', () => {
    expect(mayRefer(player)).toBe(true);
    expect(mayRefer({ type: 1, status: 'ACTIVE' })).toBe(false);
    expect(mayRefer({ type: 42, status: 'ACTIVE' })).toBe(false);
    expect(mayRefer({ type: TRIAL_TYPE, status: 'ACTIVE' })).toBe(false);
    expect(mayRefer({ type: 0, status: 'DISABLED' })).toBe(false);
  });
});

describe('what a referred friend’s first deposit earns', () => {
  it('pays from exactly the minimum up', () => {
    expect(referralOutcome(on, { depositAmount: 100_000n, friendType: 0, referrer: player })).toBe('PAID');
    expect(referralOutcome(on, { depositAmount: 99_999n, friendType: 0, referrer: player })).toBe('BELOW_MINIMUM');
  });

  it('pays nothing while the programme is off, whatever the deposit', () => {
    expect(
      referralOutcome({ ...on, enabled: false }, { depositAmount: 10n ** 12n, friendType: 0, referrer: player }),
    ).toBe('OFF');
  });

  it('pays nothing for a trial friend or to a referrer who may no longer refer', () => {
    expect(referralOutcome(on, { depositAmount: 200_000n, friendType: TRIAL_TYPE, referrer: player })).toBe(
      'NOT_ELIGIBLE',
    );
    expect(
      referralOutcome(on, { depositAmount: 200_000n, friendType: 0, referrer: { type: 0, status: 'DISABLED' } }),
    ).toBe('NOT_ELIGIBLE');
  });
});

describe('the title of a referral bonus', () => {
  it('names the programme in the reader’s language and the friend, and leaves a staff grant’s reason as it is', () => {
    const referral = { grantRequestId: 'referral:42', grantReason: 'fr***d' };
    expect(grantTitle(referral, 'en')).toBe('Refer-a-friend reward · fr***d');
    expect(grantTitle(referral, 'ko')).toBe('친구 추천 보상 · fr***d');
    expect(grantTitle(referral, 'vi')).toBe('Refer-a-friend reward · fr***d');
    expect(grantTitle({ grantRequestId: 'req-1', grantReason: 'Sorry for the outage' }, 'en')).toBe(
      'Sorry for the outage',
    );
  });
});
