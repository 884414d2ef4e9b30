import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A screen's title with its lead below, and a badge beside the title (the chat room's live state).
 * With `action` (a "new" button, which may be `false` for a user who may not), the two sit on one row
 * that wraps on a phone.
 */
export function ScreenTitle({
  title,
  lead,
  badge,
  action,
}: {
  title: string;
  lead: string;
  badge?: ReactNode;
  action?: ReactNode;
}) {
  const heading = (
    <Box>
      {badge ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h5">{title}</Typography>
          {badge}
        </Stack>
      ) : (
        <Typography variant="h5">{title}</Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {lead}
      </Typography>
    </Box>
  );
  if (action === undefined) return heading;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      {heading}
      {action}
    </Stack>
  );
}
