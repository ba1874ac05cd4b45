import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { useState } from 'react';
import { vi } from 'vitest';
import { theme } from '@/testing/theme';
import { parseStakeText, StakePanel, type StakePanelProps } from '../stake-panel';

describe('stake text', () => {
  it('keeps digits and one decimal point; empty is 0', () => {
    expect(parseStakeText('12.5')).toBe(12.5);
    expect(parseStakeText('1.2.3')).toBe(1.23);
    expect(parseStakeText('a1b0')).toBe(10);
    expect(parseStakeText('')).toBe(0);
  });
  it('keeps digits only for whole-number stakes', () => {
    expect(parseStakeText('12.5', true)).toBe(125);
    expect(parseStakeText('x', true)).toBe(0);
  });
});

function Harness(overrides: Partial<StakePanelProps>) {
  const [stake, setStake] = useState(0);
  return (
    <ThemeProvider theme={theme}>
      <StakePanel
        title="Player A"
        side="back"
        rate={1.98}
        stake={stake}
        buttons={[{ label: '1k', value: 1000 }]}
        profit={0}
        liability={0}
        min={0}
        max={25000}
        canSubmit={stake > 0}
        submitting={false}
        onStakeChange={setStake}
        onQuickAdd={(value) => setStake((current) => current + value)}
        onClear={() => setStake(0)}
        onReset={vi.fn()}
        onSubmit={vi.fn()}
        {...overrides}
      />
    </ThemeProvider>
  );
}

describe('stake panel', () => {
  it('shows only the limits above 0', () => {
    render(<Harness />);
    expect(screen.getByText('Max: 25000.00')).toBeInTheDocument();
    expect(screen.queryByText(/Min:/)).not.toBeInTheDocument();
  });

  it('follows a quick button in the input and enables Submit through the slip’s rule', async () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '1k' }));
    expect(screen.getByRole('textbox', { name: 'Stake' })).toHaveValue('1000');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('drops the decimal point when whole numbers are asked for', async () => {
    render(<Harness wholeNumbers />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Stake' }), '2.5');
    expect(screen.getByRole('textbox', { name: 'Stake' })).toHaveValue('25');
  });
});
