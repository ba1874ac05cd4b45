import { useState } from 'react';
import { Box, Button, Chip, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import type { DepositMethod } from '@/types';
import { formatFixed } from '@/utils/format';
import { createDeposit } from '../api/create-deposit';
import { getDepositMethods } from '../api/get-deposit-methods';
import { useListOnce } from '../hooks/use-list-once';
import { useSendRequest } from '../hooks/use-send-request';
import { QUICK_ADDS, addQuick, amountValue, withinMethod } from '../model/amount';
import { AmountInput } from './amount-input';

export const REFERENCE_LENGTH_MAX = 40;

function MethodCard({ method, enabled, busy, onPay }: { method: DepositMethod; enabled: boolean; busy: boolean; onPay: () => void }) {
  return (
    <Paper
      variant="outlined"
      component="li"
      aria-label={method.name}
      sx={{ listStyle: 'none', p: 1.5, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography fontWeight={600}>{method.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          ₹{formatFixed(method.min)} – ₹{formatFixed(method.max)}
        </Typography>
      </Box>
      <Button
        variant="contained"
        size="small"
        disabled={!enabled || busy}
        onClick={onPay}
        aria-label={`Pay Now with ${method.name}`}
        sx={{ flexShrink: 0 }}
      >
        Pay Now
      </Button>
    </Paper>
  );
}

/** Deposit (spec §2, §4, §9): amount, quick adds, the methods with their limits and Pay Now. */
export function DepositForm() {
  const [methods] = useListOnce(getDepositMethods, 'deposit methods');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const { sending: paying, send } = useSendRequest('Deposit request submitted');

  const value = amountValue(amount);

  const pay = async (method: DepositMethod) => {
    const trimmed = reference.trim();
    if (await send(() => createDeposit({ amount: value, method: method.id, ...(trimmed ? { reference: trimmed } : {}) }))) {
      setAmount('');
      setReference('');
    }
  };

  return (
    <Stack spacing={2}>
      <Paper sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Stack spacing={2}>
          <AmountInput value={amount} onChange={setAmount} steppers />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="group" aria-label="Quick add">
            {QUICK_ADDS.map((quick) => (
              <Chip key={quick} label={`+${quick}`} clickable color="primary" variant="outlined" onClick={() => setAmount(addQuick(amount, quick))} />
            ))}
          </Box>
          <TextField
            label="Payer reference (optional)"
            placeholder="UTR / transaction id"
            value={reference}
            onChange={(event) => setReference(event.target.value.slice(0, REFERENCE_LENGTH_MAX))}
            size="small"
            slotProps={{ inputLabel: { shrink: true } }}
            helperText="The reference of your payment, so we can match it"
          />
        </Stack>
      </Paper>
      <Typography variant="subtitle1" component="h2" fontWeight={600}>
        Payment methods
      </Typography>
      {methods === null ? (
        <Box sx={{ display: 'grid', placeItems: 'center', p: 3 }}>
          <CircularProgress aria-label="Loading payment methods" />
        </Box>
      ) : methods.length === 0 ? (
        <Typography color="text.secondary">No data available</Typography>
      ) : (
        <Box
          component="ul"
          aria-label="Payment methods"
          sx={{ m: 0, p: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' } }}
        >
          {methods.map((method) => (
            <MethodCard
              key={method.id}
              method={method}
              enabled={withinMethod(value, method)}
              busy={paying}
              onPay={() => void pay(method)}
            />
          ))}
        </Box>
      )}
    </Stack>
  );
}
