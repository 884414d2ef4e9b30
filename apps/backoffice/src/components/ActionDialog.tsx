import {
  Alert,
  Button,
  type ButtonProps,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n.tsx';

export interface ActionDialogProps {
  title: ReactNode;
  /** Cancel, Escape and a click outside all call it. */
  onClose: () => void;
  /** The main action; without it the dialog only shows something and offers `closeLabel`. */
  onConfirm?: () => void;
  /** The main action's label: "Save" unless told. */
  confirmLabel?: string;
  confirmColor?: ButtonProps['color'];
  confirmTestId?: string;
  /** The main action is disabled (a call under way, or the input not complete yet). */
  confirmDisabled?: boolean;
  /** The close button's label: "Cancel" unless told. */
  closeLabel?: string;
  /** The failed call (or a message) shown as an error under the fields; nothing when empty. */
  error?: unknown;
  /** A form: Enter submits, the main action is its submit button, the browser's own checks stay off. */
  form?: boolean;
  /** In a form: let the browser check `required` fields before the main action runs. */
  browserChecks?: boolean;
  formTestId?: string;
  open?: boolean;
  maxWidth?: 'xs' | 'sm' | 'md' | 'lg';
  /** Fill the screen below this breakpoint (`sm`: phones, `md`: phones and small tablets). */
  fullScreenBelow?: 'sm' | 'md';
  scroll?: 'paper' | 'body';
  /** Buttons before Cancel, such as a preview or a delete. */
  extraActions?: ReactNode;
  /** The content, stacked with the house spacing; `bare` leaves it as it is. */
  children?: ReactNode;
  bare?: boolean;
}

/**
 * The back office's one dialog frame: a title, the content, an error line, and Cancel beside the main
 * action, as every screen's edit, confirm and detail dialog looks.
 */
export function ActionDialog({
  title,
  onClose,
  onConfirm,
  confirmLabel,
  confirmColor,
  confirmTestId,
  confirmDisabled = false,
  closeLabel,
  error,
  form = false,
  browserChecks = false,
  formTestId,
  open = true,
  maxWidth = 'xs',
  fullScreenBelow,
  scroll,
  extraActions,
  children,
  bare = false,
}: ActionDialogProps) {
  const { t, errorText } = useI18n();
  const small = useMediaQuery(useTheme().breakpoints.down(fullScreenBelow ?? 'xs'));
  const errorLine = error ? (
    <Alert severity="error">{typeof error === 'string' ? error : errorText(error)}</Alert>
  ) : null;
  const body = (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        {bare ? (
          <>
            {children}
            {errorLine}
          </>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
            {errorLine}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={extraActions ? { flexWrap: 'wrap', gap: 1 } : undefined}>
        {extraActions}
        <Button onClick={onClose}>{closeLabel ?? t('cancel')}</Button>
        {onConfirm ? (
          <Button
            type={form ? 'submit' : 'button'}
            variant="contained"
            color={confirmColor}
            disabled={confirmDisabled}
            onClick={form ? undefined : onConfirm}
            data-testid={confirmTestId}
          >
            {confirmLabel ?? t('save')}
          </Button>
        ) : null}
      </DialogActions>
    </>
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreenBelow !== undefined && small}
      scroll={scroll}
    >
      {form ? (
        <form
          noValidate={!browserChecks}
          data-testid={formTestId}
          onSubmit={(e) => {
            e.preventDefault();
            onConfirm?.();
          }}
        >
          {body}
        </form>
      ) : (
        body
      )}
    </Dialog>
  );
}
