import { Box, Button, Stack, TextField } from '@mui/material';
import { notify } from '@/lib/notify';
import { selectUser, useSession } from '@/lib/session';
import { useForm } from '@/hooks/use-form';
import { changePassword } from '../api/change-password';
import { useAuthActions } from '../hooks/use-auth-actions';
import { validateChangePassword, type ChangePasswordValues } from '../validation';

const INITIAL: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export const PASSWORD_CHANGED = 'Password changed successfully ✅';

/** Spec §4, §5: change the password; a user who had to change it signs in again. */
export function ChangePasswordForm() {
  const user = useSession(selectUser);
  const { signOut } = useAuthActions();
  const form = useForm(INITIAL, validateChangePassword);

  const onSubmit = form.handleSubmit(async (values) => {
    const mustSignInAgain = user?.isLogin !== true;
    try {
      const updated = await changePassword({
        oldPassword: values.currentPassword,
        newPassword: values.newPassword,
        confirmPassword: values.confirmPassword,
      });
      if (updated === undefined) return;
      notify.success(PASSWORD_CHANGED);
      form.reset();
      if (mustSignInAgain) await signOut('/login');
    } catch (error) {
      // Spec §8 keeps failures silent; the server's password rules (docs/decisions.md) are
      // stricter than the form's, so its reason is shown: a silent refusal leaves no way out.
      const message = (error as { message?: unknown } | undefined)?.message;
      notify.error(typeof message === 'string' && message ? message : 'Password could not be changed');
    }
  });

  const input = (name: keyof ChangePasswordValues, label: string, autoComplete: string) => (
    <TextField
      {...form.field(name)}
      id={name}
      type="password"
      label={label}
      autoComplete={autoComplete}
      error={Boolean(form.shownError(name))}
      helperText={form.shownError(name) ?? ' '}
      fullWidth
    />
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Change password form">
      <Stack spacing={1.5}>
        {input('currentPassword', 'Current Password', 'current-password')}
        {input('newPassword', 'New Password', 'new-password')}
        {input('confirmPassword', 'Confirm Password', 'new-password')}
        <Box>
          <Button type="submit" variant="contained" disabled={form.submitting}>
            {form.submitting ? 'Updating...' : 'Change Password'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
