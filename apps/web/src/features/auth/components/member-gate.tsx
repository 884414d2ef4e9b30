import type { MemberInfo } from '@portal/contracts/auth/auth.contract.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { useSessionToken } from '../../../lib/session.ts';
import { useMemberInfo } from '../api/auth-api.ts';

/**
 * What a member-only panel shows before its content (spec §4, §6): a trial account is asked to
 * register; a session that ended asks to log in again. `children` receives the member.
 */
export function MemberGate({
  children,
  allow,
  frame = (content) => content,
}: {
  children: (member: MemberInfo) => ReactNode;
  allow?: (member: MemberInfo) => ReactNode | null;
  /** Wraps the gate's own messages (the agent centre has no portal chrome around them). */
  frame?: (content: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation('auth');
  const token = useSessionToken();
  const member = useMemberInfo();
  if (token && member.isPending) {
    return frame(
      <p className="form-progress gate-loading" role="status">
        <span className="spinner" aria-hidden="true" />
      </p>,
    );
  }
  if (!token || !member.data) {
    return frame(
      <div className="gate card" data-testid="session-ended">
        <span className="gate__icon" aria-hidden="true">
          <Icon name="lock" size={26} />
        </span>
        <p>{t('gate.loginAgain')}</p>
        <ButtonLink to="/login">{t('login.submit')}</ButtonLink>
      </div>,
    );
  }
  if (member.data.isTrial) {
    return frame(
      <div className="gate card" role="alert" data-testid="register-first">
        <span className="gate__icon" aria-hidden="true">
          <Icon name="user" size={26} />
        </span>
        <p className="gate__title">{t('errors:REGISTER_FIRST')}</p>
        <p className="muted">{t('gate.registerFirstText')}</p>
        <ButtonLink to="/register">{t('register.submit')}</ButtonLink>
      </div>,
    );
  }
  const blocked = allow?.(member.data);
  if (blocked) return blocked;
  return children(member.data);
}
