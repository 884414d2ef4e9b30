import { LIMITS } from '@portal/contracts/limits.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { countdownSeconds, createThrottle, secondsLeft } from '../lib/countdown.ts';

/**
 * The SMS send button's state (spec §4): after a send it counts expiredMinutes × 60 s down and is
 * blocked meanwhile; presses are throttled to one per second even before the answer arrives.
 */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState(0);
  const [seconds, setSeconds] = useState(0);
  const throttle = useRef(createThrottle(LIMITS.smsResendThrottleMs));

  useEffect(() => {
    if (endsAt === 0) return;
    const tick = () => {
      const left = secondsLeft(endsAt, Date.now());
      setSeconds(left);
      if (left === 0) setEndsAt(0);
    };
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((expiredMinutes: number) => {
    setEndsAt(Date.now() + countdownSeconds(expiredMinutes) * 1000);
  }, []);
  /** False while counting down or within the resend throttle. */
  const mayPress = useCallback(() => seconds === 0 && throttle.current.take(), [seconds]);

  return { seconds, running: seconds > 0, start, mayPress };
}
