// The console's confirmation for one action on one thing (a wallet request, a casino table): it
// names what the action is on, takes the remark recorded with it (required or optional, and the
// helper text says which and why), and runs the action only when confirmed.
import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { REMARK_CHARS_MAX } from '../model/remark';

export type RemarkAction = {
  title: string;
  /** What the action is on and what it does, above the remark. */
  summary: ReactNode;
  confirmLabel: string;
  confirmColor?: 'primary' | 'error' | 'warning' | 'success';
  required: boolean;
  /** Why the remark is asked for (required) or what it is for (optional). */
  remarkHelp: string;
  /** Runs the action; resolves true when it is done and the dialog may close. */
  run: (remark: string) => Promise<boolean>;
};

export function RemarkDialog({ action, onClose }: { action: RemarkAction | null; onClose: () => void }) {
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const missing = action?.required === true && remark.trim() === '';

  const close = () => {
    setRemark('');
    onClose();
  };

  const confirm = async () => {
    if (!action || missing) return;
    setBusy(true);
    try {
      if (await action.run(remark.trim())) close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={action !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby="ops-remark-title">
      <DialogTitle id="ops-remark-title">{action?.title ?? ''}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {action?.summary}
          <TextField
            label={action?.required ? 'Remark' : 'Remark (optional)'}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
            required={action?.required}
            multiline
            minRows={2}
            helperText={action?.remarkHelp ?? ' '}
            slotProps={{ htmlInput: { maxLength: REMARK_CHARS_MAX } }}
            autoFocus
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" color={action?.confirmColor ?? 'primary'} disabled={missing || busy} onClick={() => void confirm()}>
          {action?.confirmLabel ?? ''}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
