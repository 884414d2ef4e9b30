import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';

/**
 * The small dialog of an account step (change, reset or forgotten password): a click beside it does
 * not close it, so a half-typed password is not lost; `dismissible={false}` for one that must be
 * answered.
 */
export function AccountDialog({
  open = true,
  title,
  onClose,
  dismissible,
  children,
}: {
  open?: boolean;
  title: string;
  onClose: () => void;
  dismissible?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      closeLabel={t('actions.close')}
      onClose={onClose}
      dismissible={dismissible}
      closeOnBackdrop={false}
      size="sm"
      className="account-dialog"
    >
      {children}
    </Modal>
  );
}
