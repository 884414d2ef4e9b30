import type { TeamMember } from '@portal/contracts/agent/agent.contract.ts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { FormError, PasswordField, TextField } from '../../../components/ui/field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { localizeError } from '../../../lib/errors.ts';
import { useRegisterAccount } from '../api/agent-api.ts';
import { ReferralPanel } from './referral-panel.tsx';

type Kind = 'PLAYER' | 'AGENT';
type Field = 'username' | 'password' | 'nickname';

/** The issue of each field the server refused, as its `fields` value says. */
function fieldIssues(error: unknown): Partial<Record<Field, string>> {
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') return {};
  const fields = (error.value as { fields?: Record<string, { key: string }> } | undefined)?.fields ?? {};
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.key]));
}

/** Register account: a player or a sub-agent directly below the agent, and the agent's referral links. */
export function RegisterAccountPage() {
  const { t } = useTranslation('pages');
  const register = useRegisterAccount();
  const [kind, setKind] = useState<Kind>('PLAYER');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [created, setCreated] = useState<TeamMember | null>(null);
  const issues = fieldIssues(register.error);
  const fieldError = (f: Field) =>
    issues[f] ? t(`agent.register.issues.${issues[f]}`, t('agent.register.issues.format')) : null;
  const taken = isApiError(register.error) && register.error.code === 'USERNAME_TAKEN';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (register.isPending) return;
    setCreated(null);
    try {
      const m = await register.mutateAsync({ kind, username, password, ...(nickname ? { nickname } : {}) });
      setCreated(m);
      setUsername('');
      setPassword('');
      setNickname('');
    } catch {
      // shown on the fields from the mutation's error
    }
  };

  return (
    <div className="agent-page agent-page--split" data-testid="agent-register">
      <section className="card agent-card">
        <h3 className="agent-card__title">{t('agent.register.title')}</h3>
        <form className="agent-form" onSubmit={submit} noValidate data-testid="register-account-form">
          <div className="agent-kind" role="radiogroup" aria-label={t('agent.register.kind')}>
            {(['PLAYER', 'AGENT'] as const).map((k) => (
              <button
                key={k}
                type="button"
                role="radio"
                aria-checked={kind === k}
                className={kind === k ? 'chip chip--active' : 'chip'}
                onClick={() => setKind(k)}
                data-testid={`kind-${k}`}
              >
                {t(`agent.register.kinds.${k}`)}
              </button>
            ))}
          </div>
          <TextField
            label={t('agent.register.username')}
            icon="user"
            name="username"
            autoComplete="off"
            value={username}
            onValue={setUsername}
            requiredMark
            error={taken ? localizeError(register.error) : fieldError('username')}
          />
          <PasswordField
            label={t('agent.register.password')}
            name="password"
            autoComplete="new-password"
            value={password}
            onValue={setPassword}
            requiredMark
            hint={t('agent.register.passwordHint')}
            error={fieldError('password')}
          />
          <TextField
            label={t('agent.register.nickname')}
            name="nickname"
            value={nickname}
            onValue={setNickname}
            error={fieldError('nickname')}
          />
          <FormError
            error={register.error && !taken && Object.keys(issues).length === 0 ? localizeError(register.error) : null}
          />
          {created ? (
            <p className="form-success" role="status" data-testid="register-done">
              <Icon name="check" size={16} />{' '}
              {t('agent.register.done', {
                account: created.account,
                kind: t(`agent.register.kinds.${created.isAgent ? 'AGENT' : 'PLAYER'}`),
              })}
            </p>
          ) : null}
          <Button type="submit" block disabled={register.isPending}>
            {t('agent.register.submit')}
          </Button>
        </form>
      </section>
      <ReferralPanel />
    </div>
  );
}
