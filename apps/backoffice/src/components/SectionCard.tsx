import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useI18n } from '../i18n.tsx';

/** A titled card of a settings or queue screen, with an optional lead line under the title. */
export function SectionCard({
  title,
  lead,
  testId,
  children,
}: {
  title: string;
  lead?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {title}
        </Typography>
        {lead && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {lead}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** A settings form's last row: Save (for those who may change it), then "Saved" or the error. */
export function SaveRow({
  pending,
  saved,
  error,
  manage,
}: {
  pending: boolean;
  saved: boolean;
  error: ReactNode;
  manage: boolean;
}) {
  const { t } = useI18n();
  if (!manage) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Button type="submit" variant="contained" disabled={pending}>
        {t('save')}
      </Button>
      {saved && !error && (
        <Typography color="success.main" role="status">
          {t('saved')}
        </Typography>
      )}
      {error}
    </Stack>
  );
}
