import { Box, IconButton, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { sanitizeAmount, stepDown, stepUp } from '../model/amount';

export type AmountInputProps = {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  /** Show the minus and plus buttons (deposit). */
  steppers?: boolean;
};

/** The amount box: digits only; minus never goes below 0. */
export function AmountInput({ value, onChange, label = 'Amount', steppers = false }: AmountInputProps) {
  const field = (
    <TextField
      label={label}
      value={value}
      placeholder="0"
      onChange={(event) => onChange(sanitizeAmount(event.target.value))}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': label }, inputLabel: { shrink: true } }}
      size="small"
      fullWidth
    />
  );
  if (!steppers) return field;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <IconButton aria-label="Decrease amount" onClick={() => onChange(stepDown(value))} sx={{ border: 1, borderColor: 'divider' }}>
        <RemoveIcon />
      </IconButton>
      {field}
      <IconButton aria-label="Increase amount" onClick={() => onChange(stepUp(value))} sx={{ border: 1, borderColor: 'divider' }}>
        <AddIcon />
      </IconButton>
    </Box>
  );
}
