// One dialog for every action on an account: the remark is always required; a credit or debit
// asks for the amount, a password reset for the temporary password; a cancel of exchange orders
// names the market (`marketId`) and says what it takes off the book (`note`).
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { notify } from '@/lib/notify';
import { actOnUser, moveMoney, type AccountActionPath } from '../api';
import { parseAmount } from '../model/amount';

export type ActionKind = 'credit' | 'debit' | AccountActionPath;

export const ACTION_TITLES: Record<ActionKind, string> = {
  credit: 'Credit',
  debit: 'Debit',
  lock: 'Lock betting',
  unlock: 'Unlock betting',
  'reset-password': 'Reset password',
  'end-sessions': 'End sessions',
  'cancel-orders': 'Cancel orders',
};

type Props = { username: string; kind: ActionKind | null; onClose: () => void; onDone: () => void; marketId?: number; note?: string };

export function ActionDialog({ username, kind, onClose, onDone, marketId, note }: Props) {
  const [remark, setRemark] = useState('');
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const money = kind === 'credit' || kind === 'debit';
  const reset = kind === 'reset-password';
  const value = parseAmount(amount);
  const ready = remark.trim().length > 0 && (!money || value !== null) && (!reset || password.length > 0);

  const close = () => {
    setRemark('');
    setAmount('');
    setPassword('');
    onClose();
  };

  const submit = async () => {
    if (!kind) return;
    setBusy(true);
    try {
      const message = money
        ? await moveMoney(kind, username, value ?? 0, remark.trim())
        : await actOnUser(username, kind, reset ? { remark: remark.trim(), password } : { remark: remark.trim(), ...(marketId === undefined ? {} : { marketId }) });
      if (message) notify.success(message);
      close();
      onDone();
    } catch (error) {
      notify.error((error as { message?: string }).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={kind !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby="ops-action-title">
      <DialogTitle id="ops-action-title">{kind ? `${ACTION_TITLES[kind]}: ${username}` : ''}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {note && <Typography variant="body2">{note}</Typography>}
          {money && (
            <TextField
              label="Amount"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={amount !== '' && value === null}
              helperText={amount !== '' && value === null ? 'A positive amount with at most two decimals' : ' '}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              autoFocus
            />
          )}
          {reset && <TextField label="Temporary password" value={password} onChange={(e) => setPassword(e.target.value)} helperText="The user must change it at the next sign-in." autoFocus />}
          <TextField label="Remark" value={remark} onChange={(e) => setRemark(e.target.value)} required multiline minRows={2} slotProps={{ htmlInput: { maxLength: 200 } }} autoFocus={!money && !reset} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" disabled={!ready || busy} onClick={() => void submit()}>
          {kind ? ACTION_TITLES[kind] : ''}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
