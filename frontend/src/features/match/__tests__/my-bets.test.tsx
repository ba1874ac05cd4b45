import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import type { BetView, OrderView } from '@/types';
import { theme } from '@/testing/theme';
import { makeFixture, makeMarket, makeUser } from '@/testing/fixtures';
import { sessionActions } from '@/lib/session';
import { notify } from '@/lib/notify';
import { MyBets } from '../components/my-bets';
import { useMatchStore } from '../stores/match-store';
import { cancelOrder } from '../api/cancel-order';
import { cancelMarketOrders } from '../api/cancel-market-orders';
import { replaceOrder } from '../api/replace-order';
import { getGameBets } from '../api/get-game-bets';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn() } }));
vi.mock('../api/cancel-order', () => ({ cancelOrder: vi.fn() }));
vi.mock('../api/cancel-market-orders', () => ({ cancelMarketOrders: vi.fn() }));
vi.mock('../api/replace-order', () => ({ replaceOrder: vi.fn() }));
vi.mock('../api/get-game-bets', () => ({ getGameBets: vi.fn(async () => undefined) }));

const GMID = 100000;
const MID = 1000000;

const order = (over: Partial<OrderView> = {}): OrderView => ({
  orderId: 11,
  gameId: GMID,
  marketId: MID,
  eventName: 'South Africa v India',
  marketName: 'Match Odds',
  sectionName: 'South Africa',
  sid: 1,
  betType: 'lay',
  uRate: 2.5,
  amount: 100,
  unmatched: 100,
  persistence: 'lapse',
  createdAt: '2026-11-28T03:00:00Z',
  ...over,
});

const bet = (over: Partial<BetView> = {}): BetView => ({
  betId: 5,
  etid: 4,
  eventName: 'South Africa v India',
  marketId: MID,
  marketName: 'Match Odds',
  sectionName: 'India',
  sid: 3,
  betType: 'back',
  uRate: 1.8,
  amount: 200,
  profit: 160,
  liability: 200,
  createdAt: '2026-11-28T03:00:00Z',
  updatedAt: '2026-11-28T03:00:00Z',
  gType: 'match',
  casino: false,
  gameId: GMID,
  ip: '',
  browserDetails: '',
  result: null,
  voided: false,
  ...over,
});

function load(orders: OrderView[], bets: BetView[]) {
  act(() => {
    useMatchStore.getState().reset(GMID);
    useMatchStore.getState().applySnapshot({ fixture: makeFixture(), markets: [makeMarket()], scoreboard: null });
    useMatchStore.getState().setBets(bets, [], orders);
  });
}

const renderMyBets = () =>
  render(
    <ThemeProvider theme={theme}>
      <MyBets />
    </ThemeProvider>,
  );

const answer = (orders: OrderView[], extra: object = {}) => ({ success: true, message: 'Order cancelled', data: { orders, balance: 1500, exp: 0, ...extra } });

describe('My Bet on a match', () => {
  beforeEach(() => sessionActions.set({ accessToken: 'a', refreshToken: 'r', user: makeUser({ exp: -150 }) }));
  afterEach(() => {
    sessionActions.clear();
    vi.clearAllMocks();
  });

  it('lists unmatched orders by market and matched bets in their own sections', () => {
    load([order(), order({ orderId: 12, betType: 'back', uRate: 3, amount: 50, unmatched: 20, persistence: 'keep' })], [bet()]);
    renderMyBets();
    expect(screen.getByText('My Bet (3)')).toBeInTheDocument();
    const unmatched = screen.getByRole('region', { name: 'Unmatched' });
    const rows = within(unmatched).getAllByTestId('my-order');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveAttribute('data-side', 'lay');
    expect(rows[0]).toHaveTextContent('South Africa');
    expect(rows[0]).toHaveTextContent('2.5');
    expect(rows[1]).toHaveTextContent('20.00of 50.00');
    expect(rows[1]).toHaveTextContent('Keep in play');
    const matched = screen.getByRole('region', { name: 'Matched' });
    expect(within(matched).getAllByTestId('my-bet')).toHaveLength(1);
    expect(within(matched).getByTestId('my-bet')).toHaveTextContent('India');
  });

  it('cancels one order: it leaves the list and the header shows the exposure released', async () => {
    vi.mocked(cancelOrder).mockResolvedValue(answer([order({ orderId: 99, gameId: 7 })]));
    load([order()], []);
    renderMyBets();
    await userEvent.click(within(screen.getByTestId('my-order')).getByRole('button', { name: 'Cancel' }));
    expect(cancelOrder).toHaveBeenCalledWith({ orderId: 11 });
    expect(screen.queryByTestId('my-order')).not.toBeInTheDocument();
    expect(screen.getByText('No unmatched bets')).toBeInTheDocument();
    expect(sessionActions.get()?.user?.exp).toBe(0);
    expect(notify.success).toHaveBeenCalledWith('Order cancelled');
    expect(getGameBets).toHaveBeenCalledWith(GMID);
  });

  it('cancels all of a market’s orders at once', async () => {
    vi.mocked(cancelMarketOrders).mockResolvedValue({ ...answer([]), message: 'Orders cancelled' });
    load([order(), order({ orderId: 12 })], []);
    renderMyBets();
    await userEvent.click(within(screen.getByRole('group', { name: 'Unmatched Match Odds' })).getByRole('button', { name: 'Cancel all' }));
    expect(cancelMarketOrders).toHaveBeenCalledWith({ marketId: MID });
    expect(screen.queryAllByTestId('my-order')).toHaveLength(0);
  });

  it('moves an order up the ladder and says what the new order got', async () => {
    vi.mocked(replaceOrder).mockResolvedValue({ success: true, message: 'Order moved', data: { orders: [order({ orderId: 13, uRate: 2.54 })], balance: 1500, exp: -154, order: { orderId: 13, matched: 0, avgPrice: null, unmatched: 100, cancelled: 0 } } });
    load([order()], []);
    renderMyBets();
    await userEvent.click(screen.getByRole('button', { name: 'Edit price' }));
    const editor = screen.getByTestId('price-editor');
    expect(within(editor).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await userEvent.click(within(editor).getByRole('button', { name: 'New odds up' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'New odds up' }));
    expect(within(editor).getByRole('textbox', { name: 'New odds' })).toHaveValue('2.54');
    await userEvent.click(within(editor).getByRole('button', { name: 'Confirm' }));
    expect(replaceOrder).toHaveBeenCalledWith({ orderId: 11, uRate: 2.54 });
    expect(notify.success).toHaveBeenCalledWith('Order moved to 2.54: 100.00 unmatched, waiting in the book');
    expect(screen.getByTestId('my-order')).toHaveTextContent('2.54');
    expect(screen.queryByTestId('price-editor')).not.toBeInTheDocument();
  });

  it('cancels part of an order: the rest stays unmatched at its price', async () => {
    vi.mocked(cancelOrder).mockResolvedValue(answer([order({ unmatched: 60 })], { exp: -90 }));
    load([order()], []);
    renderMyBets();
    await userEvent.click(within(screen.getByTestId('my-order')).getByRole('button', { name: 'Cancel part' }));
    const editor = screen.getByTestId('part-cancel-editor');
    const size = within(editor).getByRole('textbox', { name: 'Size to cancel' });
    const confirm = within(editor).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await userEvent.type(size, '100.01');
    expect(screen.getByTestId('part-cancel-error')).toHaveTextContent('At most 100.00');
    expect(confirm).toBeDisabled();
    await userEvent.clear(size);
    await userEvent.type(size, '40.125');
    expect(screen.getByTestId('part-cancel-error')).toHaveTextContent('An amount with at most two decimals');
    await userEvent.clear(size);
    await userEvent.type(size, '40');
    expect(screen.queryByTestId('part-cancel-error')).not.toBeInTheDocument();
    await userEvent.click(confirm);
    expect(cancelOrder).toHaveBeenCalledWith({ orderId: 11, size: 40 });
    expect(notify.success).toHaveBeenCalledWith('Cancelled 40.00: 60.00 still unmatched at 2.5');
    expect(screen.getByTestId('order-unmatched')).toHaveTextContent('60.00');
    expect(sessionActions.get()?.user?.exp).toBe(-90);
    expect(screen.queryByTestId('part-cancel-editor')).not.toBeInTheDocument();
  });

  it('a refused cancel shows the server’s reason and keeps the order', async () => {
    vi.mocked(cancelOrder).mockRejectedValue({ message: 'Unknown order', status: 404 });
    load([order()], []);
    renderMyBets();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(notify.error).toHaveBeenCalledWith('Unknown order');
    expect(screen.getByTestId('my-order')).toBeInTheDocument();
  });
});
