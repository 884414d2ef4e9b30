import { useCallback, useRef } from 'react';
import { newRequestId } from '@portal/contracts/money.ts';

/**
 * The idempotency key for a form: the same while the player sends the same details again (a double
 * click, a retry after a lost answer), a new one when a detail changed or after `done()`.
 */
export function useRequestId() {
  const current = useRef<{ key: string; id: string } | null>(null);
  const idFor = useCallback((details: unknown[]) => {
    const key = JSON.stringify(details);
    if (current.current?.key !== key) current.current = { key, id: newRequestId() };
    return current.current.id;
  }, []);
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { idFor, done };
}
