import { differenceInCalendarDays } from 'date-fns';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import { sessionActions } from '@/lib/session';
import { makeUser } from '@/testing/fixtures';
import { theme } from '@/testing/theme';
import { AccountStatement } from '../components/account-statement';
import { getBetStatement } from '../api/get-bet-statement';
import { getAccountStatement } from '../api/get-account-statement';
import { getCasinoResult } from '../api/get-casino-result';
import { makeAccountRow, makeCasinoBet, makeDetail, makeRound, makeSettlement } from './fixtures';

vi.mock('../api/get-bet-statement', () => ({ getBetStatement: vi.fn() }));
vi.mock('../api/get-account-statement', () => ({ getAccountStatement: vi.fn() }));
vi.mock('../api/get-casino-result', () => ({ getCasinoResult: vi.fn() }));

const now = () => new Date().toISOString();

async function renderStatement() {
  sessionActions.set({ accessToken: 'a', refreshToken: 'r', user: makeUser({ _id: '3' }) });
  render(
    <ThemeProvider theme={theme}>
      <AccountStatement />
    </ThemeProvider>,
  );
  await act(async () => {});
}

const statementRows = () => screen.getAllByTestId('statement-row');

describe('account statement', () => {
  const withRound = makeSettlement({ createdAt: now(), seq: 3, marketName: '260310011234', remarks: 'Teen Patti 20-20 / 260310011234', bets: [makeCasinoBet({ result: 98 })] });
  const voidRound = makeSettlement({ createdAt: now(), seq: 2, marketName: '260310019999', remarks: 'Teen Patti 20-20 / 260310019999', bets: [makeCasinoBet({ marketName: '260310019999', result: 0 })] });
  const synthetic = makeSettlement({ createdAt: now(), seq: 1, isSynthetic: true, remarks: 'Adjustment', bets: [makeCasinoBet({ result: 5 })] });

  beforeEach(() => {
    vi.mocked(getBetStatement).mockResolvedValue([withRound, voidRound, synthetic]);
    vi.mocked(getAccountStatement).mockResolvedValue([makeAccountRow({ createdAt: now(), remarks: 'Opening credit' })]);
  });

  it('opens on Casino Reports and lists the rows numbered, with credit, debit and pts', async () => {
    await renderStatement();
    // The server is asked for the default days: today and the 7 before it.
    expect(getBetStatement).toHaveBeenCalledWith('casino', expect.any(Date), expect.any(Date));
    const [, from, to] = vi.mocked(getBetStatement).mock.calls.at(-1)!;
    expect(differenceInCalendarDays(to, from)).toBe(7);
    expect(statementRows()).toHaveLength(3);
    const cells = within(statementRows()[0]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(1)).toEqual(['1', '180.00', '', '100180.00', 'Teen Patti 20-20 / 260310011234']);
  });

  it('a casino row opens the modal once its fetched round has a round id', async () => {
    vi.mocked(getCasinoResult).mockResolvedValue(makeDetail());
    await renderStatement();
    await userEvent.click(within(statementRows()[0]!).getByText('Teen Patti 20-20 / 260310011234'));
    expect(getCasinoResult).toHaveBeenCalledWith('teen20', '260310011234');
    const dialog = await screen.findByRole('dialog', { name: 'Teen Patti 20-20 Result' });
    expect(within(dialog).getByTestId('round-result')).toBeInTheDocument();
  });

  it('a casino row whose result has no round id opens nothing', async () => {
    vi.mocked(getCasinoResult).mockResolvedValue(makeDetail({ result: makeRound({ mid: '' }) }));
    await renderStatement();
    await userEvent.click(within(statementRows()[1]!).getByText('Teen Patti 20-20 / 260310019999'));
    expect(getCasinoResult).toHaveBeenCalledWith('teen20', '260310019999');
    await act(async () => {});
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a synthetic row opens nothing and fetches nothing', async () => {
    await renderStatement();
    await userEvent.click(within(statementRows()[2]!).getByText('Adjustment'));
    await act(async () => {});
    expect(getCasinoResult).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Deposit/Withdraw Reports load the account rows, which open nothing', async () => {
    await renderStatement();
    await userEvent.click(screen.getByRole('combobox', { name: 'Report type' }));
    await userEvent.click(screen.getByRole('option', { name: 'Deposit/Withdraw Reports' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(getAccountStatement).toHaveBeenCalledWith('3');
    expect(statementRows()).toHaveLength(1);
    await userEvent.click(within(statementRows()[0]!).getByText('Opening credit'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('search narrows the rows', async () => {
    await renderStatement();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), '019999');
    expect(statementRows()).toHaveLength(1);
    expect(screen.getByTestId('showing-text')).toHaveTextContent('Showing 1 to 1 of 1 entries');
  });
});
