import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import { theme } from '@/testing/theme';
import { makeFixture, makeMarket, makeUser } from '@/testing/fixtures';
import { sessionActions } from '@/lib/session';
import { notify } from '@/lib/notify';
import { BetSlip } from '../components/bet-slip';
import { MarketBoard } from '../components/market-board';
import { useMatchStore } from '../stores/match-store';
import { LOGIN_REQUIRED } from '../hooks/use-bet-actions';
import { placeBet } from '../api/place-bet';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn() } }));
vi.mock('../api/place-bet', () => ({ placeBet: vi.fn() }));
vi.mock('@/lib/request-id', () => ({ newRequestId: () => 'req-1' }));
vi.mock('../api/get-game-bets', () => ({ getGameBets: vi.fn(async () => ({ bets: [], spotsData: [], orders: [] })) }));

const buttons = [
  { label: '100', value: 100 },
  { label: '1k', value: 1000 },
];

function renderPage() {
  return render(
    <ThemeProvider theme={theme}>
      <MarketBoard />
      <BetSlip buttons={buttons} sheet={false} />
    </ThemeProvider>,
  );
}

function loadMatch() {
  act(() => {
    useMatchStore.getState().reset(100000);
    useMatchStore.getState().applySnapshot({ fixture: makeFixture(), markets: [makeMarket()], scoreboard: null });
  });
}

const signIn = () => sessionActions.set({ accessToken: 'a', refreshToken: 'r', user: makeUser() });

describe('bet slip', () => {
  afterEach(() => {
    sessionActions.clear();
    useMatchStore.getState().setMatching(true);
    vi.mocked(notify.success).mockClear();
    vi.mocked(placeBet).mockReset();
  });

  it('tells a visitor to log in instead of selecting a price', async () => {
    loadMatch();
    renderPage();
    await userEvent.click(screen.getAllByRole('button', { name: 'back 1.78' })[0]!);
    expect(notify.error).toHaveBeenCalledWith(LOGIN_REQUIRED);
    expect(screen.queryByTestId('bet-slip')).not.toBeInTheDocument();
  });

  it('selecting a price fills the slip with stake 0 and Submit disabled', async () => {
    signIn();
    loadMatch();
    renderPage();
    await userEvent.click(screen.getAllByRole('button', { name: 'back 1.78' })[0]!);
    expect(screen.getByTestId('bet-slip')).toHaveAttribute('data-side', 'back');
    expect(screen.getByRole('textbox', { name: 'Stake' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('quick buttons add to the stake, the preview follows and Clear sets 0', async () => {
    signIn();
    loadMatch();
    renderPage();
    await userEvent.click(screen.getAllByRole('button', { name: 'back 1.78' })[0]!);
    await userEvent.click(screen.getByRole('button', { name: '100' }));
    await userEvent.click(screen.getByRole('button', { name: '1k' }));
    expect(screen.getByRole('textbox', { name: 'Stake' })).toHaveValue('1100');
    expect(screen.getByTestId('slip-profit')).toHaveTextContent('858.00');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('textbox', { name: 'Stake' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  });

  it('a new selection resets the stake to 0', async () => {
    signIn();
    loadMatch();
    renderPage();
    await userEvent.click(screen.getAllByRole('button', { name: 'back 1.78' })[0]!);
    await userEvent.type(screen.getByRole('textbox', { name: 'Stake' }), '500');
    expect(useMatchStore.getState().slip.stake).toBe(500);
    await userEvent.click(screen.getAllByRole('button', { name: 'lay 1.82' })[0]!);
    expect(useMatchStore.getState().slip.stake).toBe(0);
    expect(screen.getByTestId('bet-slip')).toHaveAttribute('data-side', 'lay');
    expect(screen.getByTestId('slip-profit')).toHaveTextContent('0.00');
  });

  it('submits with a request id, toasts the server message and clears the slip', async () => {
    vi.mocked(placeBet).mockResolvedValue({ success: true, message: 'Bet placed successfully', data: { bet: {} as never, balance: 1500, exp: -100 } });
    signIn();
    loadMatch();
    renderPage();
    await userEvent.click(screen.getAllByRole('button', { name: 'back 1.78' })[0]!);
    await userEvent.type(screen.getByRole('textbox', { name: 'Stake' }), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(placeBet).toHaveBeenCalledWith(expect.objectContaining({ gameId: 100000, marketId: 1000000, sectionId: 1, uRate: 1.78, amount: 100, betType: 'back', requestId: 'req-1' }));
    expect(notify.success).toHaveBeenCalledWith('Bet placed successfully');
    expect(useMatchStore.getState().slip).toEqual({ selection: null, stake: 0, submitting: false, persistence: 'lapse', rejection: null });
    expect(sessionActions.get()?.user?.exp).toBe(-100);
  });

  it('a refused bet stays on the slip as typed, with the server’s reason, until sent again', async () => {
    vi.mocked(placeBet).mockRejectedValue({ message: 'Odds changed', status: 409 });
    signIn();
    loadMatch();
    renderPage();
    await userEvent.click(screen.getAllByRole('button', { name: 'lay 1.82' })[0]!);
    await userEvent.type(screen.getByRole('textbox', { name: 'Stake' }), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(notify.error).toHaveBeenCalledWith('Odds changed');
    expect(screen.getByTestId('slip-rejection')).toHaveTextContent('Not placed: Odds changed');
    expect(screen.getByTestId('bet-slip')).toHaveAttribute('data-side', 'lay');
    expect(screen.getByRole('textbox', { name: 'Stake' })).toHaveValue('100');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    vi.mocked(placeBet).mockResolvedValue({ success: true, message: 'Bet placed successfully', data: { bet: {} as never, balance: 1400, exp: -82 } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(useMatchStore.getState().slip.selection).toBeNull();
  });

  it('a fixed-price bet carries the odds setting, kept for the next bets; an exchange order does not', async () => {
    vi.mocked(placeBet).mockResolvedValue({ success: true, message: 'Bet placed successfully', data: { bet: {} as never, balance: 1400, exp: -100 } });
    signIn();
    act(() => {
      useMatchStore.getState().reset(100000);
      useMatchStore.getState().applySnapshot({ fixture: makeFixture(), markets: [makeMarket({ gtype: 'match1', mname: 'Bookmaker' })], scoreboard: null });
    });
    renderPage();
    await userEvent.click(screen.getAllByRole('button', { name: 'back 1.78' })[0]!);
    const setting = screen.getByRole('combobox', { name: 'If the odds change' });
    expect(setting).toHaveValue('exact');
    await userEvent.selectOptions(setting, 'Accept better odds');
    await userEvent.type(screen.getByRole('textbox', { name: 'Stake' }), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(placeBet).toHaveBeenLastCalledWith(expect.objectContaining({ uRate: 1.78, acceptOdds: 'better' }));
    expect(localStorage.getItem('accept-odds')).toBe('better');

    loadMatch();
    await userEvent.click(screen.getAllByRole('button', { name: 'back 1.78' })[0]!);
    expect(screen.queryByRole('combobox', { name: 'If the odds change' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Stake' }), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(placeBet).toHaveBeenLastCalledWith(expect.not.objectContaining({ acceptOdds: expect.anything() }));
    act(() => useMatchStore.getState().setAcceptOdds('exact'));
  });

  it('a suspended section shows its status over the prices, which it hides, and cannot be selected', () => {
    signIn();
    act(() => {
      useMatchStore.getState().reset(100000);
      useMatchStore.getState().applySnapshot({ fixture: makeFixture(), markets: [makeMarket({ status: 'SUSPENDED' })], scoreboard: null });
    });
    renderPage();
    expect(screen.getAllByTestId('status-overlay')[0]).toHaveTextContent('SUSPENDED');
    expect(screen.queryAllByRole('button', { name: 'back 1.78' })).toHaveLength(0);
  });

  it('on match odds the price steps the exchange ladder and a typed price off it cannot be submitted', async () => {
    signIn();
    loadMatch();
    renderPage();
    await userEvent.click(screen.getAllByRole('button', { name: 'back 1.78' })[0]!);
    const price = screen.getByRole('textbox', { name: 'Odds' });
    expect(price).toHaveValue('1.78');
    await userEvent.type(screen.getByRole('textbox', { name: 'Stake' }), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Odds up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Odds up' }));
    expect(price).toHaveValue('1.8');
    expect(screen.getByTestId('slip-profit')).toHaveTextContent('80.00');
    await userEvent.clear(price);
    await userEvent.type(price, '3.01');
    expect(screen.getByTestId('price-error')).toHaveTextContent('Not a ladder price: 3.00 or 3.05');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Odds down' }));
    expect(price).toHaveValue('3');
    expect(screen.queryByTestId('price-error')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('sends the price asked and keep in play, and toasts what matched and what waits', async () => {
    vi.mocked(placeBet).mockResolvedValue({
      success: true,
      message: 'Bet partly matched: the rest waits in the book',
      data: { bet: {} as never, balance: 1400, exp: -100, order: { orderId: 9, matched: 60, avgPrice: 1.82, unmatched: 40, cancelled: 0 } },
    });
    signIn();
    loadMatch();
    renderPage();
    await userEvent.click(screen.getAllByRole('button', { name: 'back 1.78' })[0]!);
    await userEvent.click(screen.getByRole('button', { name: 'Odds up' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Stake' }), '100');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Keep in play' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(placeBet).toHaveBeenCalledWith(expect.objectContaining({ uRate: 1.79, amount: 100, betType: 'back', persistence: 'keep' }));
    expect(notify.success).toHaveBeenCalledWith('Bet partly matched: 60.00 matched at 1.82; 40.00 unmatched, waiting in the book at 1.79');
  });

  it('an order lapses at in-play unless kept', async () => {
    vi.mocked(placeBet).mockResolvedValue({ success: true, message: 'Bet placed: unmatched, waiting in the book', data: { bet: {} as never, balance: 1400, exp: -100, order: { orderId: 9, matched: 0, avgPrice: null, unmatched: 100, cancelled: 0 } } });
    signIn();
    loadMatch();
    renderPage();
    await userEvent.click(screen.getAllByRole('button', { name: 'lay 1.82' })[0]!);
    expect(screen.getByRole('checkbox', { name: 'Keep in play' })).not.toBeChecked();
    await userEvent.type(screen.getByRole('textbox', { name: 'Stake' }), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(placeBet).toHaveBeenCalledWith(expect.objectContaining({ uRate: 1.82, betType: 'lay', persistence: 'lapse' }));
    expect(notify.success).toHaveBeenCalledWith('Bet unmatched: 100.00 waiting in the book at 1.82');
  });

  it('an empty book’s best cell opens the slip without a price, which the player names', async () => {
    signIn();
    act(() => {
      useMatchStore.getState().reset(100000);
      const market = makeMarket();
      useMatchStore.getState().applySnapshot({ fixture: makeFixture(), markets: [{ ...market, section: market.section.map((section) => ({ ...section, odds: [] })) }], scoreboard: null });
    });
    renderPage();
    await userEvent.click(screen.getAllByRole('button', { name: 'lay no price' })[0]!);
    expect(screen.getByTestId('bet-slip')).toHaveAttribute('data-side', 'lay');
    expect(screen.getByRole('textbox', { name: 'Odds' })).toHaveValue('');
    await userEvent.type(screen.getByRole('textbox', { name: 'Stake' }), '100');
    expect(screen.getByTestId('price-error')).toHaveTextContent('Enter a price');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Odds' }), '2.5');
    expect(screen.getByTestId('slip-liability')).toHaveTextContent('150.00');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('on a server that does not match orders, match odds take a fixed-price bet at the cell’s price', async () => {
    vi.mocked(placeBet).mockResolvedValue({ success: true, message: 'Bet placed successfully', data: { bet: {} as never, balance: 1400, exp: -100 } });
    signIn();
    act(() => useMatchStore.getState().setMatching(false));
    loadMatch();
    renderPage();
    expect(screen.queryByRole('button', { name: 'Ladder' })).not.toBeInTheDocument();
    for (const empty of screen.getAllByRole('button', { name: /no price/ })) expect(empty).toBeDisabled();
    await userEvent.click(screen.getAllByRole('button', { name: 'back 1.78' })[0]!);
    expect(screen.queryByRole('textbox', { name: 'Odds' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Odds')).toHaveTextContent('1.78');
    expect(screen.queryByRole('checkbox', { name: 'Keep in play' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Stake' }), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(placeBet).toHaveBeenCalledWith(expect.not.objectContaining({ persistence: expect.anything() }));
    expect(placeBet).toHaveBeenCalledWith(expect.objectContaining({ uRate: 1.78, amount: 100, betType: 'back', gType: 'match' }));
    expect(notify.success).toHaveBeenCalledWith('Bet placed successfully');
  });

  it('bookmaker rates stay as the cell showed them, with no ladder', async () => {
    signIn();
    act(() => {
      useMatchStore.getState().reset(100000);
      useMatchStore.getState().applySnapshot({ fixture: makeFixture(), markets: [makeMarket({ gtype: 'match1', mname: 'Bookmaker' })], scoreboard: null });
    });
    renderPage();
    await userEvent.click(screen.getAllByRole('button', { name: 'back 1.78' })[0]!);
    expect(screen.queryByRole('textbox', { name: 'Odds' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Odds')).toHaveTextContent('1.78');
    expect(screen.queryByRole('checkbox', { name: 'Keep in play' })).not.toBeInTheDocument();
    for (const empty of screen.getAllByRole('button', { name: /no price/ })) expect(empty).toBeDisabled();
  });
});
