import { staffMe, staffSignOut, type StaffMe } from '@portal/contracts/backoffice/staff.contract.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { ApiError, call, onSessionEnded, setCsrfToken } from './api.ts';

interface Session {
  me: StaffMe | null;
  loading: boolean;
  /**
   * Why the server ended the session while the console was open, or refused the one it found at
   * start (its account disabled): the code shown on the sign-in page; null when nothing ended.
   */
  ended: string | null;
  /** Whether the signed-in user's role holds a permission (the server checks it again on every call). */
  can(permission: string): boolean;
  signedIn(me: StaffMe): void;
  signOut(): Promise<void>;
}
const Ctx = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const [ended, setEnded] = useState<string | null>(null);
  const me = useQuery({
    queryKey: ['me'],
    queryFn: async () => {
      try {
        const value = await call(staffMe);
        setCsrfToken(value.csrfToken);
        return value;
      } catch (e) {
        // A session kept from before whose account was disabled since: say so on the sign-in page.
        if (e instanceof ApiError && e.code === 'STAFF_ACCOUNT_DISABLED') setEnded(e.code);
        return null;
      }
    },
    staleTime: Infinity,
  });
  useEffect(() => {
    // A call refused because the session is over (the account was disabled or re-roled, or it
    // expired) returns the console to the sign-in page, and what was shown is dropped.
    onSessionEnded((code) => {
      setCsrfToken('');
      setEnded(code);
      qc.setQueryData(['me'], null);
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    });
    return () => onSessionEnded(null);
  }, [qc]);
  const value: Session = {
    me: me.data ?? null,
    loading: me.isLoading,
    ended,
    can: (p) => Boolean(me.data?.permissions.includes(p)),
    signedIn(next) {
      setEnded(null);
      setCsrfToken(next.csrfToken);
      qc.setQueryData(['me'], next);
    },
    async signOut() {
      setEnded(null);
      await call(staffSignOut).catch(() => undefined);
      setCsrfToken('');
      qc.setQueryData(['me'], null);
      // What this user saw is not kept for the next one.
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    },
  };
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSession(): Session {
  const v = useContext(Ctx);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}
