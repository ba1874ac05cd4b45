import { useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, Stack, TextField } from '@mui/material';
import type { SignInResult } from '../hooks/use-auth-actions';

export const OTP_LENGTH = 6;

type Props = {
  /** The server's prompt ("Enter the 6-digit code from your authenticator app"). */
  prompt: string;
  /** Sends the login again with the code. */
  onSubmitCode: (otp: string) => Promise<SignInResult>;
  /** Back to username and password. */
  onBack: () => void;
};

/**
 * The second login step of secure auth: the 6-digit code of the authenticator app. A wrong code
 * shows the server's message and asks again; any other failure goes back to the first step.
 */
export function OtpStep({ prompt, onSubmitCode, onBack }: Props) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState(prompt);
  const [wrong, setWrong] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const complete = code.length === OTP_LENGTH;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    setSubmitting(true);
    const result = await onSubmitCode(code);
    setSubmitting(false);
    setCode('');
    if (result.otpRequired) {
      setMessage(result.message);
      setWrong(true);
    } else {
      // A successful login has navigated away already; a failure starts again.
      onBack();
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Authentication code form">
      <Stack spacing={2}>
        <TextField
          id="otp"
          label="Authentication code"
          placeholder="123456"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
          autoComplete="one-time-code"
          autoFocus
          error={wrong}
          helperText={message}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { inputMode: 'numeric', maxLength: OTP_LENGTH } }}
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!complete || submitting}
          startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Verify
        </Button>
        <Button onClick={onBack} disabled={submitting}>
          Back to login
        </Button>
      </Stack>
    </Box>
  );
}
