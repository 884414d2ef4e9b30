import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  type Breakpoint,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n.tsx';

/**
 * The console's dialog around a form or a record: full screen on a phone, the fields in a column,
 * the call's error in words, Cancel and the one action (`save`, left out when there is none).
 */
export function EditDialog({
  title,
  onClose,
  error,
  save,
  extraActions,
  maxWidth = 'sm',
  children,
}: {
  title: ReactNode;
  onClose(): void;
  error?: unknown;
  save?: { label?: string; onClick(): void; disabled?: boolean; testId: string } | undefined;
  /** Buttons before the main one (close, reject). */
  extraActions?: ReactNode;
  maxWidth?: Breakpoint;
  children: ReactNode;
}) {
  const { t, errorText } = useI18n();
  const narrow = useMediaQuery('(max-width: 899px)');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={maxWidth} fullScreen={narrow}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {children}
          {error ? <Alert severity="error">{errorText(error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        {extraActions}
        {save && (
          <Button variant="contained" onClick={save.onClick} disabled={save.disabled} data-testid={save.testId}>
            {save.label ?? t('save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
