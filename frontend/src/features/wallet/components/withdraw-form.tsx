import { useState } from 'react';
import {
  Box,
  Button,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import type { WithdrawAccount } from '@/types';
import { selectUser, useSession } from '@/lib/session';
import { formatFixed } from '@/utils/format';
import { createWithdraw } from '../api/create-withdraw';
import { getWithdrawAccounts } from '../api/get-withdraw-accounts';
import { useListOnce } from '../hooks/use-list-once';
import { useSendRequest } from '../hooks/use-send-request';
import { amountValue } from '../model/amount';
import { WITHDRAW_ALERT, WITHDRAW_TYPES, canWithdraw, maskedNumber, type WithdrawType } from '../model/withdraw';
import { AddAccountDialog } from './add-account-dialog';
import { AmountInput } from './amount-input';

function accountLabel(account: WithdrawAccount): string {
  const ifsc = account.ifsc ? ` · ${account.ifsc}` : '';
  return `${account.name} — ${account.bank} ${maskedNumber(account.number)}${ifsc}`;
}

/** Withdraw (spec §2, §5): amount, type, the saved accounts of that type, Add New, Withdraw. */
export function WithdrawForm() {
  const user = useSession(selectUser);
  const [amount, setAmount] = useState('');
  const [type, setType] = useState<WithdrawType>('NORMAL');
  const [accounts, setAccounts] = useListOnce(getWithdrawAccounts, 'withdraw accounts');
  const [accountId, setAccountId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const { sending, send } = useSendRequest('Withdraw request submitted');

  const ofType = (accounts ?? []).filter((account) => account.type === type);

  const chooseType = (next: WithdrawType | null) => {
    if (!next || next === type) return;
    setType(next);
    setAccountId(null);
  };

  const withdraw = async () => {
    const value = amountValue(amount);
    if (!canWithdraw(value, accountId)) {
      window.alert(WITHDRAW_ALERT);
      return;
    }
    if (await send(() => createWithdraw({ amount: value, type, accountId: accountId as number }))) setAmount('');
  };

  return (
    <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack spacing={2.5}>
        {user && (
          <Typography variant="body2" color="text.secondary">
            Available balance: <b>₹{formatFixed(user.balance)}</b>
          </Typography>
        )}
        <AmountInput value={amount} onChange={setAmount} />
        <FormControl>
          <FormLabel id="withdraw-type-label" sx={{ mb: 1 }}>
            Withdraw type
          </FormLabel>
          <ToggleButtonGroup
            exclusive
            value={type}
            onChange={(_, next: WithdrawType | null) => chooseType(next)}
            aria-labelledby="withdraw-type-label"
            size="small"
            color="primary"
            sx={{ flexWrap: 'wrap' }}
          >
            {WITHDRAW_TYPES.map((option) => (
              <ToggleButton key={option} value={option}>
                {option}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </FormControl>
        <FormControl>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
            <FormLabel id="withdraw-account-label">Saved {type} accounts</FormLabel>
            <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Add New
            </Button>
          </Box>
          {accounts === null ? (
            <CircularProgress size={24} aria-label="Loading accounts" />
          ) : ofType.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No saved {type} account yet. Use Add New.
            </Typography>
          ) : (
            <RadioGroup
              aria-labelledby="withdraw-account-label"
              value={accountId === null ? '' : String(accountId)}
              onChange={(event) => setAccountId(Number(event.target.value))}
            >
              {ofType.map((account) => (
                <FormControlLabel
                  key={account.id}
                  value={String(account.id)}
                  control={<Radio size="small" />}
                  label={accountLabel(account)}
                  sx={{ wordBreak: 'break-word' }}
                />
              ))}
            </RadioGroup>
          )}
        </FormControl>
        <Button variant="contained" size="large" onClick={() => void withdraw()} disabled={sending}>
          Withdraw
        </Button>
      </Stack>
      <AddAccountDialog
        key={type}
        open={adding}
        type={type}
        onClose={() => setAdding(false)}
        onSaved={(account) => {
          setAccounts((current) => [...(current ?? []), account]);
          setAccountId(account.id);
          setAdding(false);
        }}
      />
    </Paper>
  );
}
