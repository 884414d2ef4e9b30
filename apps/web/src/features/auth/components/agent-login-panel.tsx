import type { NewIpChallenge } from '@portal/contracts/auth/auth.contract.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountFlow } from '../hooks/account-flow-context.ts';
import { PasswordLoginForm } from './login-forms.tsx';
import { NewIpStep } from './new-ip-step.tsx';

/** The agent portal's sign-in (spec §2): agents only; success opens the agent centre. */
export function AgentLoginPanel() {
  const { t } = useTranslation('auth');
  const flow = useAccountFlow();
  const [challenge, setChallenge] = useState<NewIpChallenge | null>(null);
  const signedIn = flow.completeSignIn;
  return (
    <section className="agent-login auth-form" aria-labelledby="agent-login-title" data-testid="agent-login">
      <h2 id="agent-login-title" className="agent-login__title">
        {challenge ? t('newIp.title') : t('agent.formTitle')}
      </h2>
      {challenge ? (
        <NewIpStep
          challenge={challenge}
          onSignedIn={(result) => signedIn(result, { portal: 'agent' })}
          onBack={() => setChallenge(null)}
        />
      ) : (
        <PasswordLoginForm
          portal="agent"
          usernameLabel={t('fields.agentAccount')}
          submitLabel={t('agent.submit')}
          onSignedIn={(result) => signedIn(result, { portal: 'agent' })}
          onNewIp={setChallenge}
        />
      )}
      <p className="muted small">{t('agent.hours')}</p>
    </section>
  );
}
