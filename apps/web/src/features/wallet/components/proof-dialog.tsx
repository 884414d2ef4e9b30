import type { Withdrawal } from '@portal/contracts/wallet/cashier.contract.ts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useConfirmWithdrawal } from '../api/cashier-api.ts';
import { placeError } from '../lib/form-errors.ts';
import { checkProofFile, fileToBase64, PROOF_MAX_MB } from '../lib/proof-file.ts';
import { FormError } from '../../../components/ui/field.tsx';

/** "Not received": the player attaches a png or jpg (≤ 5 MB) that shows the payment did not arrive. */
export function ProofDialog({ withdrawal, onClose }: { withdrawal: Withdrawal | null; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const confirm = useConfirmWithdrawal();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const close = () => {
    setFile(null);
    setFileError(null);
    setFormError(null);
    onClose();
  };

  const pick = (f: File | null) => {
    setFile(f);
    setFormError(null);
    const issue = f ? checkProofFile(f) : null;
    setFileError(issue ? t(`withdrawPage.proof.${issue}`, { max: PROOF_MAX_MB }) : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!withdrawal || confirm.isPending) return;
    const issue = checkProofFile(file);
    if (issue || !file) {
      setFileError(t(`withdrawPage.proof.${issue ?? 'required'}`, { max: PROOF_MAX_MB }));
      return;
    }
    try {
      await confirm.mutateAsync({ id: withdrawal.id, result: 'NOT_RECEIVED', proof: await fileToBase64(file) });
      close();
    } catch (error) {
      const placed = placeError(error, ['proof'] as const);
      if (placed.field) setFileError(placed.message);
      else setFormError(placed.message);
    }
  };

  return (
    <Modal
      open={withdrawal !== null}
      title={t('withdrawPage.proof.title')}
      closeLabel={t('common.close')}
      onClose={close}
      size="sm"
      closeOnBackdrop={false}
    >
      <form className="cashier-form" onSubmit={(e) => void submit(e)} noValidate data-testid="proof-form">
        <p className="muted">{t('withdrawPage.proof.text', { max: PROOF_MAX_MB })}</p>
        <label htmlFor={inputId} className={fileError ? 'dropzone dropzone--invalid' : 'dropzone'}>
          <Icon name="upload" size={26} />
          <span className="dropzone__title">{file ? file.name : t('withdrawPage.proof.choose')}</span>
          <span className="muted small">
            {file ? `${(file.size / 1024).toFixed(0)} KB` : t('withdrawPage.proof.types', { max: PROOF_MAX_MB })}
          </span>
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg"
            className="sr-only"
            name="proof"
            aria-invalid={fileError ? true : undefined}
            onChange={(e) => pick(e.target.files?.[0] ?? null)}
            data-testid="proof-input"
          />
        </label>
        {fileError ? (
          <p className="field__error" role="alert" data-testid="proof-error">
            {fileError}
          </p>
        ) : null}
        <FormError error={formError} />
        <div className="cashier-form__actions">
          <Button variant="ghost" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={confirm.isPending || Boolean(fileError)} data-testid="proof-submit">
            {t('withdrawPage.proof.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
