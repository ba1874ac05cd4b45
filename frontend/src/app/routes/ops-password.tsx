import { Paper } from '@mui/material';
import { ChangePasswordForm } from '@/features/auth';
import { OpsShell } from '../layout/ops-shell';

/** An operator's own password, inside the console (the player's page is for role user). */
export default function OpsPasswordPage() {
  return (
    <OpsShell title="Change password">
      <Paper sx={{ p: { xs: 2, md: 3 }, maxWidth: 560 }}>
        <ChangePasswordForm />
      </Paper>
    </OpsShell>
  );
}
