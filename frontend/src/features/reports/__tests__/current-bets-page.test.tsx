import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import { theme } from '@/testing/theme';
import { CurrentBets } from '../components/current-bets';
import { getCurrentBets } from '../api/get-current-bets';
import { makeBet, makeCasinoBet } from './fixtures';

vi.mock('../api/get-current-bets', () => ({ getCurrentBets: vi.fn() }));

async function renderPage() {
  render(
    <ThemeProvider theme={theme}>
      <CurrentBets />
    </ThemeProvider>,
  );
  await act(async () => {});
}

const rows = () => screen.queryAllByTestId('current-bet-row');

describe('current bets page', () => {
  // 12 bets: the first page holds 10.
  const bets = Array.from({ length: 12 }, (_, i) => makeBet({ betId: i + 1, betType: i % 3 === 0 ? 'lay' : 'back', amount: 100 + i }));

  beforeEach(() => {
    vi.mocked(getCurrentBets).mockImplementation(async (type) => (type === 'game' ? bets : [makeCasinoBet({ betId: 99 })]));
  });

  it('loads sports bets, pages them and totals every row that passes the filters', async () => {
    await renderPage();
    expect(getCurrentBets).toHaveBeenCalledWith('game');
    expect(rows()).toHaveLength(10);
    expect(screen.getByTestId('showing-text')).toHaveTextContent('Showing 1 to 10 of 12 entries');
    expect(screen.getByTestId('current-total-bets')).toHaveTextContent('12');
    expect(screen.getByTestId('current-total-amount')).toHaveTextContent('1266.00');
    await userEvent.click(screen.getByRole('radio', { name: 'Lay' }));
    expect(rows().every((row) => row.dataset.side === 'lay')).toBe(true);
    expect(screen.getByTestId('current-total-bets')).toHaveTextContent('4');
  });

  it('select-all selects the rows of the page shown only', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(within(rows()[9]!).getByRole('checkbox')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(rows()).toHaveLength(2);
    expect(rows().every((row) => !within(row).getByRole('checkbox').matches(':checked'))).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).not.toBeChecked();
  });

  it('Casino shows the game type as the event name', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(screen.getByRole('option', { name: 'Casino' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(getCurrentBets).toHaveBeenLastCalledWith('casino');
    expect(rows()).toHaveLength(1);
    const cells = within(rows()[0]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(1, 5)).toEqual(['Casino', 'teen20', '260310011234', 'Player A']);
  });
});
