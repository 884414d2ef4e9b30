import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useI18n } from '../i18n.tsx';
import { useLabels } from '../labels.ts';
import { useSession } from '../session.tsx';
import { DashboardScreen } from './DashboardScreen.tsx';

/** The landing page: the dashboard for the roles that hold it; for the others, what their role holds. */
export function HomeScreen() {
  const { t } = useI18n();
  const labels = useLabels();
  const { me, can } = useSession();
  if (!me) return null;
  if (can('dashboard.read')) return <DashboardScreen />;
  return (
    <Stack spacing={2}>
      <Typography variant="h5">{t('welcome', { name: me.displayName })}</Typography>
      <Card>
        <CardContent>
          <Typography color="text.secondary" gutterBottom>
            {t('roleLabel', { role: labels.role(me.role) })} — {t('dashboardLead')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {me.permissions.map((p) => (
              <Chip key={p} label={p} size="small" variant="outlined" />
            ))}
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
