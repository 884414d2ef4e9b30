import {
  staffEnrol,
  staffEnrolment,
  staffSignIn,
  staffVerify,
  type StaffMe,
} from '@portal/contracts/backoffice/staff.contract.ts';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, call } from './api.ts';
import { useI18n } from './i18n.tsx';
import { useSession } from './session.tsx';
import { TopControls } from './TopControls.tsx';

type Step =
  | { kind: 'password' }
  | { kind: 'enrol'; secret: string; qrDataUrl: string }
  | { kind: 'totp' }
  | { kind: 'recovery'; codes: string[]; me: StaffMe };

/** Password, then the second factor: TOTP enrolment on the first sign-in, a code after that. */
export function SignIn({ mode, toggleMode }: { mode: 'light' | 'dark'; toggleMode(): void }) {
  const { t, errorText } = useI18n();
  const session = useSession();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(e: FormEvent, action: () => Promise<void>) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await action();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  const form = (action: () => Promise<void>) => ({
    onSubmit: (e: FormEvent) => run(e, action),
    error,
    busy,
  });
  const passwordStep = () =>
    call(staffSignIn, { body: { username, password } }).then(async ({ stage }) => {
      setPassword('');
      if (stage === 'TOTP') return setStep({ kind: 'totp' });
      const enrolment = await call(staffEnrolment);
      setStep({ kind: 'enrol', secret: enrolment.secret, qrDataUrl: enrolment.qrDataUrl });
    });
  const enrol = () =>
    call(staffEnrol, { body: { code } }).then(({ recoveryCodes, me }) =>
      setStep({ kind: 'recovery', codes: recoveryCodes, me }),
    );
  const verify = () => call(staffVerify, { body: { code } }).then((me) => session.signedIn(me));

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: (th) =>
          th.palette.mode === 'dark'
            ? 'radial-gradient(1200px 600px at 10% -10%, #26345a 0%, #0f1420 60%)'
            : 'radial-gradient(1200px 600px at 10% -10%, #dfe6ff 0%, #f4f6fb 60%)',
      }}
    >
      <Box sx={{ position: 'fixed', top: 12, right: 12 }}>
        <TopControls mode={mode} toggleMode={toggleMode} />
      </Box>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 4 }}>
          <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
            {t('appName')}
          </Typography>
          {step.kind === 'password' && session.ended && (
            <Alert
              severity={session.ended === 'STAFF_ACCOUNT_DISABLED' ? 'error' : 'info'}
              sx={{ my: 1 }}
              data-testid="session-ended"
            >
              {errorText(
                new ApiError(session.ended === 'STAFF_ACCOUNT_DISABLED' ? session.ended : 'STAFF_SESSION_EXPIRED', ''),
              )}
            </Alert>
          )}
          {step.kind === 'password' && (
            <StepForm title={t('signInTitle')} lead={t('signInLead')} submit={t('signIn')} {...form(passwordStep)}>
              <TextField
                label={t('username')}
                autoComplete="username"
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                required
                autoFocus
              />
              <TextField
                label={t('password')}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
              />
            </StepForm>
          )}
          {step.kind === 'enrol' && (
            <StepForm title={t('enrolTitle')} lead={t('enrolLead')} submit={t('continue')} {...form(enrol)}>
              <Box sx={{ display: 'grid', placeItems: 'center', bgcolor: '#fff', borderRadius: 2, p: 1 }}>
                <img src={step.qrDataUrl} alt="TOTP QR" width={200} height={200} />
              </Box>
              <Typography variant="caption" color="text.secondary">
                {t('enrolManual')}{' '}
                <Box component="code" data-testid="totp-secret" sx={{ wordBreak: 'break-all', fontWeight: 700 }}>
                  {step.secret}
                </Box>
              </Typography>
              <CodeField label={t('code')} value={code} onChange={setCode} />
            </StepForm>
          )}
          {step.kind === 'totp' && (
            <StepForm title={t('verifyTitle')} lead={t('verifyLead')} submit={t('signIn')} {...form(verify)}>
              <CodeField label={t('codeOrRecovery')} value={code} onChange={setCode} />
            </StepForm>
          )}
          {step.kind === 'recovery' && (
            <Stack spacing={2}>
              <StepHead title={t('recoveryTitle')} lead={t('recoveryLead')} />
              <Box
                data-testid="recovery-codes"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: '1fr 1fr',
                  gap: 1,
                  fontFamily: 'monospace',
                  p: 2,
                  borderRadius: 2,
                  bgcolor: 'action.hover',
                }}
              >
                {step.codes.map((c) => (
                  <span key={c}>{c}</span>
                ))}
              </Box>
              <Button variant="contained" size="large" onClick={() => session.signedIn(step.me)}>
                {t('recoveryDone')}
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

function CodeField({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value.trim())}
      autoComplete="one-time-code"
      required
      autoFocus
      slotProps={{ htmlInput: { inputMode: 'text', maxLength: 11, style: { letterSpacing: 4, fontSize: 20 } } }}
    />
  );
}

function StepHead({ title, lead }: { title: string; lead: string }) {
  return (
    <>
      <Typography variant="h5">{title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {lead}
      </Typography>
    </>
  );
}

/** One step of the sign-in: its heading, its fields, the error of the last try and the button. */
function StepForm(props: {
  title: string;
  lead: string;
  submit: string;
  error: string;
  busy: boolean;
  onSubmit(e: FormEvent): void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={props.onSubmit}>
      <Stack spacing={2}>
        <StepHead title={props.title} lead={props.lead} />
        {props.children}
        {props.error && <Alert severity="error">{props.error}</Alert>}
        <Button type="submit" variant="contained" size="large" disabled={props.busy}>
          {props.submit}
        </Button>
      </Stack>
    </form>
  );
}
