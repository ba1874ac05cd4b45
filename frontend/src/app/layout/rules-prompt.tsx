import { useState } from 'react';
import { Button } from '@mui/material';
import { sessionActions } from '@/lib/session';
import { acceptRules, useAuthActions } from '@/features/auth';
import { RulesDialog } from '@/features/rules';

/** Spec §4: Accept records acceptance and closes; Cancel or closing logs out and goes to /login. */
export default function RulesPrompt({ userId }: { userId: string }) {
  const { signOut } = useAuthActions();
  const [busy, setBusy] = useState(false);

  const accept = async () => {
    setBusy(true);
    try {
      const user = await acceptRules(userId);
      if (user) sessionActions.setUser(user);
      else sessionActions.patchUser({ isAcceptRules: true });
    } catch (error) {
      console.error('Accepting rules failed:', error);
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    void signOut('/login');
  };

  return (
    <RulesDialog
      open
      title="Rules"
      onClose={cancel}
      actions={
        <>
          <Button onClick={cancel} color="inherit" disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void accept()} variant="contained" disabled={busy}>
            Accept
          </Button>
        </>
      }
    />
  );
}
