import { useState } from 'react';
import { Alert, Box, Button, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { SUPPORT_CHAT_URL } from '@/lib/config';
import { useForm } from '@/hooks/use-form';
import { useAuthActions } from '../hooks/use-auth-actions';
import { validateLogin, type LoginValues } from '../validation';
import { OtpStep } from './otp-step';

const INITIAL: LoginValues = { username: '', password: '' };

/** The login form of spec §2 and §5. */
export function LoginForm() {
  const { signIn } = useAuthActions();
  const form = useForm(INITIAL, validateLogin);
  // Secure auth: the password was right and the server wants the authenticator code next.
  const [otpFor, setOtpFor] = useState<{ credentials: LoginValues; message: string } | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await signIn(values);
    if (result.otpRequired) setOtpFor({ credentials: values, message: result.message });
    // Spec §4: after every attempt the form resets.
    form.reset();
  });

  if (otpFor) {
    return (
      <OtpStep
        prompt={otpFor.message}
        onSubmitCode={(otp) => signIn({ ...otpFor.credentials, otp })}
        onBack={() => setOtpFor(null)}
      />
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Login form">
      <Stack spacing={2}>
        <TextField
          {...form.field('username')}
          id="username"
          label="Username"
          placeholder="Enter Username"
          autoComplete="username"
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(form.shownError('username'))}
          helperText={form.shownError('username') ?? ' '}
          fullWidth
        />
        <TextField
          {...form.field('password')}
          id="password"
          type="password"
          label="Password"
          placeholder="Enter Password"
          autoComplete="current-password"
          slotProps={{ inputLabel: { shrink: true } }}
          error={Boolean(form.shownError('password'))}
          helperText={form.shownError('password') ?? ' '}
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={form.submitting}
          startIcon={form.submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          Login
        </Button>
        <Stack direction="row" justifyContent="space-between">
          <Link href={SUPPORT_CHAT_URL} target="_blank" rel="noopener noreferrer" underline="hover">
            Forgot Password?
          </Link>
          <Link component={RouterLink} to="/register" underline="hover">
            Register here
          </Link>
        </Stack>
        {/* No captcha service is reachable from here, so the notice says what does protect
            this page (docs/decisions.md, "The login page's protection"). */}
        <Alert severity="info" variant="outlined" sx={{ fontSize: 12 }} data-testid="login-protection">
          <Typography variant="caption" component="p">
            This page is protected against password guessing: after a few failed sign-ins, each
            further attempt on the account from your address waits longer (up to 15 minutes), and
            an address that fails across many accounts is refused for a while.
          </Typography>
        </Alert>
      </Stack>
    </Box>
  );
}
