import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';

/** The agent portal's sign-in form; agent sign-in arrives with the accounts milestone. */
export function AgentLoginPanel() {
  const { t } = useTranslation('auth');
  const userId = useId();
  const passId = useId();
  const [notice, setNotice] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(true);
  };
  return (
    <form className="agent-login auth-form" onSubmit={submit} noValidate aria-labelledby="agent-login-title">
      <h2 id="agent-login-title" className="agent-login__title">
        {t('agent.formTitle')}
      </h2>
      <div className="field">
        <label htmlFor={userId} className="field__label">
          {t('fields.agentAccount')}
        </label>
        <div className="field__control">
          <Icon name="user" size={18} className="field__icon" />
          <input id={userId} name="username" autoComplete="username" className="field__input" />
        </div>
      </div>
      <div className="field">
        <label htmlFor={passId} className="field__label">
          {t('fields.password')}
        </label>
        <div className="field__control">
          <Icon name="lock" size={18} className="field__icon" />
          <input id={passId} name="password" type="password" autoComplete="current-password" className="field__input" />
        </div>
      </div>
      {notice ? (
        <p className="inline-note" role="status">
          <Icon name="clock" size={16} /> {t('nextRelease')}
        </p>
      ) : null}
      <Button type="submit" size="lg" block>
        {t('agent.submit')}
      </Button>
      <p className="muted small">{t('agent.hours')}</p>
    </form>
  );
}
