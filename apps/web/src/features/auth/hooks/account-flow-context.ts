import type { LoginResult } from '@portal/contracts/auth/auth.contract.ts';
import { createContext, useContext } from 'react';

export interface AccountFlow {
  /** Stores the session and continues: forced password change first, else welcome and / (agents: /agentHome). */
  completeSignIn: (result: LoginResult, options?: { portal?: 'member' | 'agent' }) => void;
  openForgot: () => void;
  openChangePassword: () => void;
  /** Asks for confirmation, then signs out and goes to `returnTo` (home, or /agent from the agent centre). */
  requestSignOut: (returnTo?: string) => void;
}

const noop = () => undefined;
export const AccountFlowContext = createContext<AccountFlow>({
  completeSignIn: noop,
  openForgot: noop,
  openChangePassword: noop,
  requestSignOut: noop,
});

export function useAccountFlow(): AccountFlow {
  return useContext(AccountFlowContext);
}
