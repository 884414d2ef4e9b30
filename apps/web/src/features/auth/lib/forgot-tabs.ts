export type ForgotTab = 'email' | 'mobile';

/** Spec §2: both tabs only with CHNGPASSVERIF3 and CHNGPASSMAIL3; mobile alone when only the verification flag is on. */
export function forgotTabs(flags: { verif: boolean; mail: boolean }): ForgotTab[] {
  if (flags.verif && flags.mail) return ['email', 'mobile'];
  if (flags.verif) return ['mobile'];
  if (flags.mail) return ['email'];
  // Neither way is on: there is no forgot-password dialog, and the login forms show no link to it.
  return [];
}
