import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import { theme } from '@/testing/theme';
import { ODDS_FLASH_MS, OddsCell, type OddsCellProps } from '../odds-cell';

const renderCell = (props: OddsCellProps) =>
  render(
    <ThemeProvider theme={theme}>
      <OddsCell {...props} />
    </ThemeProvider>,
  );

describe('OddsCell', () => {
  it('shows the price and size and reports a click', async () => {
    const onSelect = vi.fn();
    renderCell({ side: 'back', odds: 1.85, size: 12500, onSelect });
    expect(screen.getByText('1.85')).toBeInTheDocument();
    expect(screen.getByText('12.5k')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'back 1.85' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('shows a dash for odds of 0 or less and cannot be selected', () => {
    renderCell({ side: 'lay', odds: 0, size: 100, onSelect: vi.fn() });
    expect(screen.getByText('-')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'lay no price' })).toBeDisabled();
  });

  it('shows a lock when locked', () => {
    renderCell({ side: 'back', odds: 2, locked: true, onSelect: vi.fn() });
    expect(screen.getByLabelText('Locked')).toBeInTheDocument();
    expect(screen.getByRole('button')).toBeDisabled();
  });

  it('flashes for 200 ms when the price changes', () => {
    vi.useFakeTimers();
    const { rerender } = renderCell({ side: 'back', odds: 2 });
    rerender(
      <ThemeProvider theme={theme}>
        <OddsCell side="back" odds={2.1} />
      </ThemeProvider>,
    );
    expect(screen.getByRole('button')).toHaveAttribute('data-flash', 'true');
    act(() => vi.advanceTimersByTime(ODDS_FLASH_MS));
    expect(screen.getByRole('button')).not.toHaveAttribute('data-flash');
    vi.useRealTimers();
  });
});
