import { staffMe, staffSignOut, type StaffMe } from '@portal/contracts/backoffice/staff.contract.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { call, setCsrfToken } from './api.ts';

interface Session {
  me: StaffMe | null;
  loading: boolean;
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
  const value: Session = {
    me: me.data ?? null,
    loading: me.isLoading,
    can: (p) => Boolean(me.data?.permissions.includes(p)),
    signedIn(next) {
      setCsrfToken(next.csrfToken);
      qc.setQueryData(['me'], next);
    },
    async signOut() {
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
