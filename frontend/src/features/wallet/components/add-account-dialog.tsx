import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import type { WithdrawAccount } from '@/types';
import type { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { saveWithdrawAccount } from '../api/save-withdraw-account';
import {
  CRYPTO_NETWORKS,
  EMPTY_ACCOUNT,
  accountBody,
  sanitizeAccountInput,
  serverAccountError,
  validateAccount,
  type AccountErrors,
  type AccountField,
  type AccountValues,
  type WithdrawType,
} from '../model/withdraw';

export type AddAccountDialogProps = {
  open: boolean;
  type: WithdrawType;
  onClose: () => void;
  onSaved: (account: WithdrawAccount) => void;
};

const LABELS: Record<'bank' | 'crypto', Record<AccountField, string>> = {
  bank: { name: 'Account holder name', bank: 'Bank name', number: 'Account number', ifsc: 'IFSC code' },
  crypto: { name: 'Name', bank: 'Network', number: 'Wallet address', ifsc: '' },
};

/** "Add New": a saved account of the chosen withdraw type, validated here and by the server. */
export function AddAccountDialog({ open, type, onClose, onSaved }: AddAccountDialogProps) {
  const crypto = type === 'Crypto';
  const initial: AccountValues = crypto ? { ...EMPTY_ACCOUNT, bank: CRYPTO_NETWORKS[0] } : EMPTY_ACCOUNT;
  const [values, setValues] = useState<AccountValues>(initial);
  const [errors, setErrors] = useState<AccountErrors>({});
  const [touched, setTouched] = useState<Partial<Record<AccountField, boolean>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const labels = LABELS[crypto ? 'crypto' : 'bank'];
  const fields: AccountField[] = crypto ? ['name', 'bank', 'number'] : ['name', 'bank', 'number', 'ifsc'];

  const reset = () => {
    setValues(initial);
    setErrors({});
    setTouched({});
    setFormError(null);
  };

  const close = () => {
    reset();
    onClose();
  };

  const edit = (field: AccountField, raw: string) => {
    const next = { ...values, [field]: sanitizeAccountInput(field, raw, type) };
    setValues(next);
    setErrors(validateAccount(next, type));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateAccount(values, type);
    setErrors(found);
    setTouched({ name: true, bank: true, number: true, ifsc: true });
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const result = await saveWithdrawAccount(accountBody(values, type));
      if (!result) return;
      notify.success(result.message || 'Account saved');
      onSaved(result.data);
      reset();
    } catch (error) {
      const parsed = serverAccountError((error as ApiError).message);
      if (parsed.field) {
        setErrors((current) => ({ ...current, [parsed.field as AccountField]: parsed.message }));
        setTouched((current) => ({ ...current, [parsed.field as AccountField]: true }));
      } else {
        setFormError(parsed.message);
      }
    } finally {
      setSaving(false);
    }
  };

  const shown = (field: AccountField) => (touched[field] ? errors[field] : undefined);

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="add-account-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="add-account-title">Add New {type} Account</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {formError && <Alert severity="error">{formError}</Alert>}
            {fields.map((field) => (
              <TextField
                key={field}
                select={crypto && field === 'bank'}
                label={labels[field]}
                value={values[field]}
                onChange={(event) => edit(field, event.target.value)}
                onBlur={() => setTouched((current) => ({ ...current, [field]: true }))}
                error={Boolean(shown(field))}
                helperText={shown(field) ?? ' '}
                size="small"
                fullWidth
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: field === 'number' && !crypto ? { inputMode: 'numeric' } : undefined,
                }}
              >
                {crypto && field === 'bank'
                  ? CRYPTO_NETWORKS.map((network) => (
                      <MenuItem key={network} value={network}>
                        {network}
                      </MenuItem>
                    ))
                  : undefined}
              </TextField>
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
