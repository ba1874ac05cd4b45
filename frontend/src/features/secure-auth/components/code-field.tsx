import { TextField } from '@mui/material';
import { CODE_LENGTH, sanitizeCode } from '../model';

export type CodeFieldProps = {
  value: string;
  onChange: (code: string) => void;
  error?: string | null;
  label?: string;
};

/** The 6-digit code of the authenticator app. */
export function CodeField({ value, onChange, error, label = 'Authentication code' }: CodeFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(sanitizeCode(event.target.value))}
      placeholder="123456"
      autoComplete="one-time-code"
      error={Boolean(error)}
      helperText={error ?? `The ${CODE_LENGTH}-digit code your authenticator app shows`}
      size="small"
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', maxLength: CODE_LENGTH, 'aria-label': label, style: { letterSpacing: 4 } },
      }}
      sx={{ width: '100%', maxWidth: 320 }}
    />
  );
}
