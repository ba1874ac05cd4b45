import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import type { OpsBook } from '@/types';
import { theme } from '@/testing/theme';
import { notify } from '@/lib/notify';
import { actOnUser, getExchangeBook } from '../api';
import { ExchangeBook } from '../components/exchange-book';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn() } }));
vi.mock('../api', () => ({ getExchangeBook: vi.fn(), actOnUser: vi.fn(), moveMoney: vi.fn() }));

const book: OpsBook = {
  depth: {
    gameId: 7,
    marketId: 70,
    marketName: 'Match Odds',
    status: 'OPEN',
    runners: [
      { sid: 1, name: 'Home', back: [{ price: 2.5, size: 100 }, { price: 2.48, size: 500 }], lay: [{ price: 2.52, size: 500 }] },
      { sid: 2, name: 'Away', back: [], lay: [] },
    ],
  },
  orders: [
    { username: 'maker1', role: 'maker', orderId: 3, sid: 1, betType: 'lay', uRate: 2.48, unmatched: 500, persistence: 'keep' },
    { username: 'player1', role: 'user', orderId: 9, sid: 1, betType: 'lay', uRate: 2.5, unmatched: 100, persistence: 'lapse' },
  ],
  positions: [
    { username: 'maker1', role: 'maker', exposure: 740, runners: [{ sid: 1, amount: -740 }, { sid: 2, amount: 0 }] },
    { username: 'player1', role: 'user', exposure: 150, runners: [{ sid: 1, amount: 0 }, { sid: 2, amount: 0 }] },
  ],
};

const renderBook = () =>
  render(
    <ThemeProvider theme={theme}>
      <ExchangeBook gmid={7} mid={70} marketName="Match Odds" eventName="Home v Away" />
    </ThemeProvider>,
  );

describe('an exchange market’s book in the console', () => {
  beforeEach(() => {
    vi.mocked(getExchangeBook).mockResolvedValue(book);
  });

  it('shows each runner’s depth with its totals, the orders by account and the positions', async () => {
    renderBook();
    const depth = await screen.findByRole('table', { name: 'Depth of Match Odds' });
    const home = depth.querySelector('tr[data-sid="1"]') as HTMLElement;
    expect(within(home).getAllByTestId('depth-back').map((level) => level.textContent)).toEqual(['2.5100.00', '2.48500.00']);
    expect(within(home).getByTestId('back-total')).toHaveTextContent('600.00');
    expect(within(home).getByTestId('lay-total')).toHaveTextContent('500.00');
    const accounts = screen.getAllByTestId('book-account');
    expect(accounts.map((account) => account.getAttribute('data-username'))).toEqual(['player1', 'maker1']);
    expect(accounts[0]).toHaveTextContent('1 order, 100.00 unmatched');
    const positions = screen.getByRole('table', { name: 'Positions on Match Odds' });
    expect(within(positions).getByRole('columnheader', { name: 'If Home wins' })).toBeInTheDocument();
    expect(positions.querySelector('tr[data-username="maker1"]')).toHaveTextContent('maker1maker-740.000.00740.00');
  });

  it('cancels an account’s orders on the market with a remark', async () => {
    vi.mocked(actOnUser).mockResolvedValue('Orders cancelled');
    renderBook();
    const player = (await screen.findAllByTestId('book-account'))[0] as HTMLElement;
    await userEvent.click(within(player).getByRole('button', { name: 'Cancel orders' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel orders: player1' });
    expect(dialog).toHaveTextContent('1 unmatched order (100.00) on Match Odds, Home v Away, come off the book');
    const confirm = within(dialog).getByRole('button', { name: 'Cancel orders' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Remark' }), 'suspected bot');
    await userEvent.click(confirm);
    expect(actOnUser).toHaveBeenCalledWith('player1', 'cancel-orders', { remark: 'suspected bot', marketId: 70 });
    expect(notify.success).toHaveBeenCalledWith('Orders cancelled');
  });

  it('says why a book cannot be read', async () => {
    vi.mocked(getExchangeBook).mockRejectedValue({ message: 'this market is not traded on the exchange', status: 422 });
    renderBook();
    expect(await screen.findByRole('alert')).toHaveTextContent('this market is not traded on the exchange');
  });
});
