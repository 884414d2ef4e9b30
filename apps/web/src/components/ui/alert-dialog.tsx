import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Icon, type IconName } from './icon.tsx';
import { Modal } from './modal.tsx';

/** The generic modal of spec §2: an icon, a title, a message and one or two buttons. */
export function AlertDialog({
  open,
  icon = 'warning',
  tone = 'warning',
  title,
  children,
  confirmLabel,
  cancelLabel,
  closeLabel,
  onConfirm,
  onCancel,
  busy,
  testId,
}: {
  open: boolean;
  icon?: IconName;
  tone?: 'warning' | 'info' | 'success';
  title: ReactNode;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string | undefined;
  closeLabel: string;
  onConfirm: () => void;
  onCancel?: (() => void) | undefined;
  busy?: boolean;
  testId?: string;
}) {
  return (
    <Modal
      open={open}
      title={title}
      closeLabel={closeLabel}
      onClose={onCancel ?? onConfirm}
      size="sm"
      role="alertdialog"
      className="alert-dialog"
      closeOnBackdrop={false}
    >
      <div className="alert-dialog__body" data-testid={testId}>
        <span className={`alert-dialog__icon alert-dialog__icon--${tone}`} aria-hidden="true">
          <Icon name={icon} size={26} />
        </span>
        <div className="alert-dialog__text">{children}</div>
        <div className="alert-dialog__actions">
          {cancelLabel && onCancel ? (
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </Button>
          ) : null}
          <Button onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
