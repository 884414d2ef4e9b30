import { staffMe, staffSignOut, type StaffMe } from '@portal/contracts/backoffice/staff.contract.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { call, onSessionEnded, setCsrfToken } from './api.ts';

interface Session {
  me: StaffMe | null;
  loading: boolean;
  /** The server ended the session while the console was open (shown on the sign-in page). */
  ended: boolean;
  /** Whether the signed-in user's role holds a permission (the server checks it again on every call). */
  can(permission: string): boolean;
  signedIn(me: StaffMe): void;
  signOut(): Promise<void>;
}
const Ctx = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const qc = useQueryClient();
  const me = useQuery({
    queryKey: ['me'],
    queryFn: async () => {
      try {
        const value = await call(staffMe);
        setCsrfToken(value.csrfToken);
        return value;
      } catch {
        return null;
      }
    },
    staleTime: Infinity,
  });
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    // A call refused because the session is over (the account was disabled or re-roled, or it
    // expired) returns the console to the sign-in page, and what was shown is dropped.
    onSessionEnded(() => {
      setCsrfToken('');
      setEnded(true);
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
      setEnded(false);
      setCsrfToken(next.csrfToken);
      qc.setQueryData(['me'], next);
    },
    async signOut() {
      setEnded(false);
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
