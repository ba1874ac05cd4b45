import { Alert, Paper, Typography } from '@mui/material';
import { ChangePasswordForm } from '@/features/auth';
import { selectUser, useSession } from '@/lib/session';

export default function ChangePasswordPage() {
  // isLogin false: the password was set by an operator (a new account or a reset).
  const forced = useSession(selectUser)?.isLogin === false;
  return (
    <Paper sx={{ p: { xs: 2, md: 3 }, maxWidth: 560 }}>
      <Typography variant="h6" component="h1" gutterBottom>
        Change Password
      </Typography>
      {forced && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="password-change-required">
          Your password was set by an operator, so only you should know it from now on: choose a
          password of your own to continue. Then sign in again with it.
        </Alert>
      )}
      <ChangePasswordForm />
    </Paper>
  );
}
