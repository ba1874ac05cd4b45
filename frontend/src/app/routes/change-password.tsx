import { Paper, Typography } from '@mui/material';
import { ChangePasswordForm } from '@/features/auth';

export default function ChangePasswordPage() {
  return (
    <Paper sx={{ p: { xs: 2, md: 3 }, maxWidth: 560 }}>
      <Typography variant="h6" component="h1" gutterBottom>
        Change Password
      </Typography>
      <ChangePasswordForm />
    </Paper>
  );
}
