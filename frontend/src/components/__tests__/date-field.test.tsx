import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import { theme } from '@/testing/theme';
import { DATE_INPUT_INVALID, DateField } from '../date-field';

function Harness({ onChange }: { onChange: (date: Date) => void }) {
  const [value, setValue] = useState(new Date(2026, 2, 9));
  return (
    <ThemeProvider theme={theme}>
      <DateField
        label="From"
        value={value}
        onChange={(date) => {
          setValue(date);
          onChange(date);
        }}
      />
    </ThemeProvider>
  );
}

describe('DateField', () => {
  it('shows the date as dd/MM/yyyy and passes on a typed date', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'From' });
    expect(box).toHaveValue('09/03/2026');
    fireEvent.change(box, { target: { value: '01/02/2026' } });
    expect(onChange).toHaveBeenCalledWith(new Date(2026, 1, 1));
  });

  it('a date that does not exist shows the picker message and is not passed on', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('textbox', { name: 'From' });
    fireEvent.change(box, { target: { value: '31/02/2026' } });
    expect(screen.getByText(DATE_INPUT_INVALID)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(box);
    expect(box).toHaveValue('09/03/2026');
  });
});
