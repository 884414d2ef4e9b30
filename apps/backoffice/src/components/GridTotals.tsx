import { Stack, Typography } from '@mui/material';

/**
 * The line under a money grid with the server's exact totals of every row the filter matches (per
 * currency), not only the page shown: one text per currency.
 */
export function GridTotals({ lines, testId }: { lines: string[]; testId: string }) {
  if (lines.length === 0) return null;
  return (
    <Stack
      data-testid={testId}
      sx={{ px: 1, pt: 1, borderTop: 1, borderColor: 'divider', alignItems: { xs: 'flex-start', sm: 'flex-end' } }}
    >
      {lines.map((l) => (
        <Typography key={l} variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
          {l}
        </Typography>
      ))}
    </Stack>
  );
}
