// A date picker that always shows dd/MM/yyyy (spec §9), whatever the browser's locale: a text
// box the user can type into, plus a calendar button that opens the browser's own date picker
// (a native `<input type="date">`, hidden behind the button). A typed value that is not a real
// date shows the picker's 'Date input not valid.' and is not passed on.
import { useRef, useState } from 'react';
import { Box, IconButton, InputAdornment, TextField } from '@mui/material';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { formatDate, formatQueryDate } from '@/utils/format';
import { parseDisplayDate, parseInputDate } from '@/utils/parse-date';

export const DATE_INPUT_INVALID = 'Date input not valid.';

export type DateFieldProps = {
  label: string;
  value: Date;
  onChange: (date: Date) => void;
  min?: Date;
  max?: Date;
};

export function DateField({ label, value, onChange, min, max }: DateFieldProps) {
  const shown = formatDate(value);
  const [text, setText] = useState(shown);
  const [lastShown, setLastShown] = useState(shown);
  const native = useRef<HTMLInputElement>(null);
  // A new value from outside (the picker, a reset) replaces whatever is typed.
  if (shown !== lastShown) {
    setLastShown(shown);
    setText(shown);
  }
  const invalid = parseDisplayDate(text) === null;

  const typed = (next: string) => {
    setText(next);
    const date = parseDisplayDate(next);
    if (date && formatDate(date) !== shown) onChange(date);
  };

  const openPicker = () => {
    const input = native.current;
    if (!input) return;
    if (typeof input.showPicker === 'function') {
      try {
        input.showPicker();
        return;
      } catch {
        // Some browsers refuse without a direct gesture; focusing still lets the user pick.
      }
    }
    input.focus();
  };

  return (
    <Box sx={{ position: 'relative', display: 'inline-flex' }}>
      <TextField
        size="small"
        label={label}
        value={text}
        placeholder="dd/mm/yyyy"
        error={invalid}
        helperText={invalid ? DATE_INPUT_INVALID : undefined}
        onChange={(event) => typed(event.target.value)}
        onBlur={() => {
          if (invalid) setText(shown);
        }}
        sx={{ width: 156 }}
        slotProps={{
          htmlInput: { inputMode: 'numeric' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton size="small" edge="end" aria-label={`Choose ${label}`} onClick={openPicker}>
                  <CalendarMonthIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <input
        ref={native}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={formatQueryDate(value)}
        min={min ? formatQueryDate(min) : undefined}
        max={max ? formatQueryDate(max) : undefined}
        onChange={(event) => {
          const date = parseInputDate(event.target.value);
          if (date) onChange(date);
        }}
        style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0, pointerEvents: 'none' }}
      />
    </Box>
  );
}
