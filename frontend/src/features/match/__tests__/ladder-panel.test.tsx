import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import type { MarketDepth } from '@/types';
import { theme } from '@/testing/theme';
import { makeFixture, makeMarket, makeUser } from '@/testing/fixtures';
import { sessionActions } from '@/lib/session';
import { MarketBoard } from '../components/market-board';
import { useMatchStore } from '../stores/match-store';
import { getMarketDepth } from '../api/get-market-depth';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn() } }));
vi.mock('../api/get-market-depth', () => ({ getMarketDepth: vi.fn() }));

const GMID = 100000;
const MID = 1000000;

const depth = (backSize: number): MarketDepth => ({
  gameId: GMID,
  marketId: MID,
  marketName: 'Match Odds',
  status: 'OPEN',
  runners: [
    { sid: 1, name: 'South Africa', back: [{ price: 1.78, size: backSize }, { price: 1.77, size: 900 }], lay: [{ price: 1.82, size: 400 }] },
    { sid: 3, name: 'India', back: [], lay: [] },
  ],
});

function load() {
  act(() => {
    useMatchStore.getState().reset(GMID);
    useMatchStore.getState().applySnapshot({ fixture: makeFixture(), markets: [makeMarket()], scoreboard: null });
    useMatchStore.getState().setBets(
      [],
      [{ mid: MID, sdata: [{ sid: 1, amount: 78, calcTable: [] }, { sid: 3, amount: -100, calcTable: [] }] }],
      [
        {
          orderId: 4,
          gameId: GMID,
          marketId: MID,
          eventName: 'South Africa v India',
          marketName: 'Match Odds',
          sectionName: 'South Africa',
          sid: 1,
          betType: 'lay',
          uRate: 1.75,
          amount: 60,
          unmatched: 60,
          persistence: 'lapse',
          createdAt: '2026-11-28T03:00:00Z',
        },
      ],
    );
  });
}

const renderBoard = () =>
  render(
    <ThemeProvider theme={theme}>
      <MarketBoard />
    </ThemeProvider>,
  );

const row = (price: number) => screen.getAllByTestId('ladder-row').find((r) => r.getAttribute('data-price') === String(price))!;

describe('the ladder view of a match-odds market', () => {
  beforeEach(() => sessionActions.set({ accessToken: 'a', refreshToken: 'r', user: makeUser() }));
  afterEach(() => {
    sessionActions.clear();
    vi.clearAllMocks();
  });

  it('shows every price around the best with the money to back and lay, the player’s orders and position', async () => {
    vi.mocked(getMarketDepth).mockResolvedValue(depth(500));
    load();
    renderBoard();
    await userEvent.click(screen.getByRole('button', { name: 'Ladder' }));
    expect(getMarketDepth).toHaveBeenCalledWith(GMID, MID);
    await waitFor(() => expect(within(row(1.78)).getByRole('button', { name: 'Back at 1.78' })).toHaveTextContent('500.00'));
    expect(within(row(1.77)).getByRole('button', { name: 'Back at 1.77' })).toHaveTextContent('900.00');
    expect(within(row(1.82)).getByRole('button', { name: 'Lay at 1.82' })).toHaveTextContent('400.00');
    expect(within(row(1.8)).getByRole('button', { name: 'Back at 1.8' })).toHaveTextContent('');
    expect(within(row(1.75)).getByTestId('my-lay')).toHaveTextContent('60.00');
    const prices = screen.getAllByTestId('ladder-row').map((r) => Number(r.getAttribute('data-price')));
    expect(prices[0]).toBe(1.92);
    expect(prices.at(-1)).toBe(1.68);
    const positions = screen.getAllByTestId('ladder-position').map((p) => p.textContent);
    expect(positions).toEqual(['78.00', '-100.00']);
  });

  it('a click on a cell fills the bet slip with that side and price', async () => {
    vi.mocked(getMarketDepth).mockResolvedValue(depth(500));
    load();
    renderBoard();
    await userEvent.click(screen.getByRole('button', { name: 'Ladder' }));
    await waitFor(() => expect(screen.getAllByTestId('ladder-row').length).toBeGreaterThan(0));
    await userEvent.click(within(row(1.85)).getByRole('button', { name: 'Lay at 1.85' }));
    expect(useMatchStore.getState().slip.selection).toMatchObject({ marketId: MID, sectionId: 1, side: 'lay', price: 1.85 });
    await userEvent.click(screen.getByRole('tab', { name: /India/ }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Ladder of India' })).toBeInTheDocument());
    await userEvent.click(screen.getAllByRole('button', { name: 'Back at 2' })[0]!);
    expect(useMatchStore.getState().slip.selection).toMatchObject({ sectionId: 3, side: 'back', price: 2 });
  });

  it('fetches the book again when the market is pushed', async () => {
    vi.mocked(getMarketDepth).mockResolvedValueOnce(depth(500)).mockResolvedValueOnce(depth(120));
    load();
    renderBoard();
    await userEvent.click(screen.getByRole('button', { name: 'Ladder' }));
    await waitFor(() => expect(within(row(1.78)).getByRole('button', { name: 'Back at 1.78' })).toHaveTextContent('500.00'));
    act(() => useMatchStore.getState().applyDelta({ kind: 'market', market: makeMarket() }));
    await waitFor(() => expect(within(row(1.78)).getByRole('button', { name: 'Back at 1.78' })).toHaveTextContent('120.00'));
    expect(getMarketDepth).toHaveBeenCalledTimes(2);
  });
});
