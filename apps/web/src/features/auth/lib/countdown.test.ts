// @vitest-environment jsdom
import { LIMITS } from '@portal/contracts/limits.ts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from '../hooks/use-countdown.ts';
import { countdownSeconds, createThrottle, secondsLeft } from './countdown.ts';

describe('SMS countdown', () => {
  it('lasts expiredMinutes × 60 seconds, one minute when the server names none', () => {
    expect(countdownSeconds(3)).toBe(180);
    expect(countdownSeconds(undefined)).toBe(LIMITS.smsDefaultExpiredMinutes * 60);
    expect(countdownSeconds(0)).toBe(60);
  });

  it('counts whole seconds left and never below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});

describe('throttle', () => {
  it('lets one press through per interval', () => {
    let now = 0;
    const throttle = createThrottle(1000, () => now);
    expect(throttle.take()).toBe(true);
    now = 400;
    expect(throttle.take()).toBe(false);
    now = 1000;
    expect(throttle.take()).toBe(true);
    now = 1999;
    expect(throttle.take()).toBe(false);
  });
});

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('blocks the send button while counting down, then lets it send again', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.mayPress()).toBe(true);
    act(() => result.current.start(1));
    expect(result.current.running).toBe(true);
    expect(result.current.seconds).toBe(60);
    expect(result.current.mayPress()).toBe(false);
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(result.current.seconds).toBe(30);
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(result.current.running).toBe(false);
    expect(result.current.mayPress()).toBe(true);
  });

  it('throttles presses to one a second even before the answer arrives', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.mayPress()).toBe(true);
    expect(result.current.mayPress()).toBe(false);
    act(() => {
      vi.advanceTimersByTime(LIMITS.smsResendThrottleMs);
    });
    expect(result.current.mayPress()).toBe(true);
  });
});
