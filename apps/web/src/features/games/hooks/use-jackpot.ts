import { LIMITS } from '@portal/contracts/limits.ts';
import { useEffect, useState } from 'react';
import { jackpotDelayMs, jackpotStep, type Random } from '../lib/jackpot.ts';

/** The cosmetic jackpot (spec §4): starts at the spec's number and grows by 100–500 every 3, 4 or 5 s. */
export function useJackpot(start: number = LIMITS.jackpotStart, random: Random = Math.random): number {
  const [value, setValue] = useState(start);
  useEffect(() => {
    let timer: number;
    const schedule = () => {
      timer = window.setTimeout(() => {
        setValue((v) => v + jackpotStep(random));
        schedule();
      }, jackpotDelayMs(random));
    };
    schedule();
    return () => window.clearTimeout(timer);
  }, [random]);
  return value;
}
