import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from './icon.tsx';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  /** Close when the backdrop is clicked (spec §2 generic modal: optional click-outside close). */
  closeOnBackdrop?: boolean;
  size?: 'sm' | 'md' | 'lg';
  banner?: ReactNode;
  className?: string;
  /** False for a dialog the user must answer (a forced password change): no close button, Escape or backdrop. */
  dismissible?: boolean;
  /** Overrides the dialog role, e.g. `alertdialog` for a warning or a confirmation. */
  role?: 'dialog' | 'alertdialog';
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** An accessible dialog: labelled, Escape closes, focus stays inside and returns to the opener. */
export function Modal({
  open,
  title,
  closeLabel,
  onClose,
  children,
  closeOnBackdrop = true,
  size = 'md',
  banner,
  className,
  dismissible = true,
  role = 'dialog',
}: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose without re-running the effect: re-running it would move focus back to the
  // first field whenever the parent re-renders with a new callback.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const first =
      panel.current?.querySelector<HTMLElement>('input:not([disabled]):not([type="checkbox"])') ??
      panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    // Focused in the next frame, as it is laid out: focusing here would lay out the whole page in
    // the task that mounts the dialog (decision 108).
    const target = first ?? panel.current;
    const focusFrame = window.requestAnimationFrame(() => target?.focus());
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (dismissible) close.current();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.cancelAnimationFrame(focusFrame);
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [open, dismissible]);

  if (!open) return null;
  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (dismissible && closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className={['modal', `modal--${size}`, className ?? ''].join(' ')}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        {banner}
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {dismissible ? (
            <button type="button" className="icon-btn modal__close" aria-label={closeLabel} onClick={onClose}>
              <Icon name="close" />
            </button>
          ) : null}
        </div>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
