import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { QrCode } from '../../../components/ui/qr-code.tsx';
import { localizeError } from '../../../lib/errors.ts';
import { useCreateReferralLink, useReferral } from '../api/agent-api.ts';

/** The kinds of referral link an agent can make, each with its button's label. */
const LINK_KINDS = [
  { kind: 'PLAYER', label: 'agent.referral.newPlayerLink' },
  { kind: 'AGENT', label: 'agent.referral.newAgentLink' },
] as const;

/**
 * The agent's invitation code and referral links with QR codes, copy buttons and what each brought
 * (decision 052): on the agent centre's register page and the member centre's referral page.
 */
export function ReferralPanel() {
  const { t } = useTranslation('pages');
  const q = useReferral();
  const create = useCreateReferralLink();
  const origin = window.location.origin;
  const v = q.data;
  const invite = v ? `${origin}/register?affiliateCode=${v.invitationCode}` : '';
  return (
    <section className="card agent-card" aria-label={t('agent.referral.title')} data-testid="referral-panel">
      <h3 className="agent-card__title">{t('agent.referral.title')}</h3>
      {v ? (
        <>
          <div className="agent-link">
            <QrCode value={invite} label={t('agent.referral.qrOf', { code: v.invitationCode })} size={96} />
            <div className="agent-link__body">
              <span className="muted">{t('agent.referral.invitationCode')}</span>
              <strong className="agent-link__code" data-testid="invitation-code">
                {v.invitationCode}
              </strong>
              <code className="agent-link__url">{invite}</code>
              <CopyButton text={invite} />
            </div>
          </div>
          {v.links.map((l) => {
            const url = `${origin}/register?ref=${l.code}`;
            return (
              <div className="agent-link" key={l.id} data-testid={`referral-link-${l.kind}`}>
                <QrCode value={url} label={t('agent.referral.qrOf', { code: l.code })} size={96} />
                <div className="agent-link__body">
                  <span className="badge">{t(`agent.register.kinds.${l.kind}`)}</span>
                  <code className="agent-link__url" data-testid="referral-url">
                    {url}
                  </code>
                  <span className="muted" data-testid="referral-counts">
                    {t('agent.referral.counts', { registrations: l.registrations, firstDeposits: l.firstDeposits })}
                  </span>
                  <CopyButton text={url} />
                </div>
              </div>
            );
          })}
          <div className="agent-link__new">
            {LINK_KINDS.map(({ kind, label }) => (
              <Button
                key={kind}
                variant="secondary"
                size="sm"
                onClick={() => create.mutate({ kind })}
                data-testid={`new-link-${kind}`}
              >
                {t(label)}
              </Button>
            ))}
          </div>
          <FormError error={create.error ? localizeError(create.error) : null} />
        </>
      ) : q.isError ? (
        <FormError error={localizeError(q.error)} />
      ) : (
        <span className="spinner" aria-hidden="true" />
      )}
    </section>
  );
}
