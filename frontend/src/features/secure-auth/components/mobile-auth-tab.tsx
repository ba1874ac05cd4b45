import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import type { Envelope, SecureAuthStatus, TotpEnrolment } from '@/types';
import type { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { disableTotp } from '../api/disable-totp';
import { enrollTotp } from '../api/enroll-totp';
import { verifyTotp } from '../api/verify-totp';
import { groupSecret, isCompleteCode } from '../model';
import { CodeField } from './code-field';
import { QrImage } from './qr-image';

type Props = { status: SecureAuthStatus; onStatus: (status: SecureAuthStatus) => void };

/**
 * A 6-digit code sent to the server: busy while it goes; on success the toast and the new status,
 * on a refusal the server's message under the field and the field cleared.
 */
function useCodeSubmit(send: (code: string) => Promise<Envelope<SecureAuthStatus> | undefined>, done: string, onStatus: Props['onStatus']) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await send(code);
      if (!result) return;
      notify.success(result.message || done);
      onStatus(result.data);
    } catch (failure) {
      setError((failure as ApiError).message);
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return { code, setCode, error, setError, busy, setBusy, submit };
}

function DisableForm({ onStatus }: Pick<Props, 'onStatus'>) {
  const { code, setCode, error, busy, submit } = useCodeSubmit(disableTotp, 'Secure auth disabled', onStatus);

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} aria-label="Disable secure auth">
      <Alert severity="success" variant="outlined">
        Secure auth is enabled: every login asks for the code from your authenticator app.
      </Alert>
      <Typography variant="body2">To turn it off, enter a current code.</Typography>
      <CodeField value={code} onChange={setCode} error={error} />
      <Box>
        <Button type="submit" variant="outlined" color="error" disabled={!isCompleteCode(code) || busy}>
          Disable
        </Button>
      </Box>
    </Stack>
  );
}

function EnrolForm({ status, onStatus }: Props) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const { code, setCode, error, setError, busy, setBusy, submit: verify } = useCodeSubmit(verifyTotp, 'Secure auth enabled', onStatus);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const data = await enrollTotp();
      if (data) {
        setEnrolment(data);
        setCode('');
      }
    } catch (failure) {
      notify.error((failure as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  if (!enrolment) {
    return (
      <Stack spacing={2} alignItems="flex-start">
        <Typography variant="body2">
          Protect your login with a code from an authenticator app (Google Authenticator, Microsoft Authenticator,
          Authy). Generate a code, add it to the app, then enter the 6-digit code the app shows.
        </Typography>
        <Button variant="contained" onClick={() => void start()} disabled={busy}>
          {status.enrolmentPending ? 'Generate New Code' : 'Generate Code'}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void verify(event)} aria-label="Verify secure auth">
      <Typography variant="body2">
        Scan the QR code with your authenticator app, or type this code into it:
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <QrImage text={enrolment.otpauthUri} label="QR code for your authenticator app" />
        <Box
          data-testid="totp-secret"
          sx={{ fontFamily: 'monospace', fontSize: { xs: 16, sm: 18 }, letterSpacing: 1, wordBreak: 'break-word', maxWidth: 320 }}
        >
          {groupSecret(enrolment.secret)}
        </Box>
      </Box>
      <CodeField value={code} onChange={setCode} error={error} />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={!isCompleteCode(code) || busy}>
          Verify
        </Button>
        <Button onClick={() => void start()} disabled={busy}>
          New code
        </Button>
      </Box>
    </Stack>
  );
}

/** "Enable Using Mobile": TOTP enrolment (QR and typed code) and verification, or Disable. */
export function MobileAuthTab({ status, onStatus }: Props) {
  return status.status === 'Enabled' ? <DisableForm onStatus={onStatus} /> : <EnrolForm status={status} onStatus={onStatus} />;
}
