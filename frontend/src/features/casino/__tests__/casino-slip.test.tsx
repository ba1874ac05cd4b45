import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import { theme } from '@/testing/theme';
import { makeUser } from '@/testing/fixtures';
import { sessionActions } from '@/lib/session';
import { notify } from '@/lib/notify';
import { BettingTable } from '../components/betting-table';
import { CasinoBetSlip } from '../components/casino-bet-slip';
import { useCasinoStore } from '../stores/casino-store';
import { LOGIN_REQUIRED } from '../model/locks';
import { canSubmit, preview } from '../model/slip';
import { placeCasinoBet } from '../api/place-casino-bet';
import { dealing, makeItem, makeRound } from './round-fixtures';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn() } }));
vi.mock('@/lib/request-id', () => ({ newRequestId: () => 'req-1' }));
vi.mock('../api/place-casino-bet', () => ({ placeCasinoBet: vi.fn() }));
vi.mock('../api/get-round-bets', () => ({ getRoundBets: vi.fn(async () => []) }));

const buttons = [
  { label: '100', value: 100 },
  { label: '1k', value: 1000 },
];

function renderTable(round = makeRound()) {
  act(() => {
    useCasinoStore.getState().reset(round.gtype);
    useCasinoStore.getState().applyRound(round);
  });
  return render(
    <ThemeProvider theme={theme}>
      <BettingTable />
      <CasinoBetSlip buttons={buttons} sheet={false} />
    </ThemeProvider>,
  );
}

const signIn = () => sessionActions.set({ accessToken: 'a', refreshToken: 'r', user: makeUser() });
const backCell = (sid: number) => screen.getByTestId(`item-${sid}`).querySelector('button[data-side="back"]') as HTMLButtonElement;
const stakeBox = () => screen.getByRole('textbox', { name: 'Stake' });
const submitButton = () => screen.getByRole('button', { name: 'Submit' });

describe('casino bet slip', () => {
  afterEach(() => sessionActions.clear());

  it('tells a visitor to log in instead of selecting an item', async () => {
    renderTable();
    await userEvent.click(backCell(1));
    expect(notify.error).toHaveBeenCalledWith(LOGIN_REQUIRED);
    expect(screen.queryByTestId('bet-slip')).not.toBeInTheDocument();
  });

  it('selecting an item fills the slip with its name and rate, stake 0 and Submit disabled', async () => {
    signIn();
    renderTable();
    await userEvent.click(backCell(1));
    expect(screen.getByTestId('bet-slip')).toHaveAttribute('data-side', 'back');
    expect(screen.getByTestId('bet-slip')).toHaveTextContent('Player A');
    expect(screen.getByLabelText('Odds')).toHaveTextContent('1.98');
    expect(stakeBox()).toHaveValue('');
    expect(submitButton()).toBeDisabled();
    expect(backCell(1)).toHaveAttribute('aria-pressed', 'true');
  });

  it('the stake takes digits only; the preview is (rate − 1) × stake; Clear sets 0', async () => {
    signIn();
    renderTable();
    await userEvent.click(backCell(1));
    await userEvent.type(stakeBox(), '1a2.5');
    expect(stakeBox()).toHaveValue('125');
    expect(screen.getByTestId('slip-profit')).toHaveTextContent('122.50');
    expect(screen.getByTestId('slip-liability')).toHaveTextContent('125.00');
    expect(submitButton()).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(stakeBox()).toHaveValue('');
    expect(submitButton()).toBeDisabled();
  });

  it('quick buttons add their value and a new selection resets the stake to 0', async () => {
    signIn();
    renderTable();
    await userEvent.click(backCell(1));
    await userEvent.click(screen.getByRole('button', { name: '100' }));
    await userEvent.click(screen.getByRole('button', { name: '1k' }));
    expect(stakeBox()).toHaveValue('1100');
    await userEvent.click(backCell(2));
    expect(useCasinoStore.getState().slip.stake).toBe(0);
    expect(screen.getByTestId('bet-slip')).toHaveTextContent('Player B');
  });

  it('Reset empties the slip', async () => {
    signIn();
    renderTable();
    await userEvent.click(backCell(1));
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByTestId('bet-slip')).not.toBeInTheDocument();
  });

  it('a suspended or zero-rate item is locked and cannot be selected', async () => {
    signIn();
    const round = makeRound({ items: [makeItem({ gstatus: 'SUSPENDED' }), makeItem({ sid: 2, nat: 'Player B' }), makeItem({ sid: 3, nat: 'Player C', b: 0 })] });
    renderTable(round);
    expect(screen.getByTestId('item-1')).toHaveAttribute('data-locked', 'true');
    expect(screen.getByTestId('item-2')).toHaveAttribute('data-locked', 'false');
    expect(screen.getByTestId('item-3')).toHaveAttribute('data-locked', 'true');
    expect(backCell(1)).toBeDisabled();
    expect(backCell(2)).toBeEnabled();
    expect(backCell(3)).toBeDisabled();
    await userEvent.click(backCell(1));
    expect(screen.queryByTestId('bet-slip')).not.toBeInTheDocument();
  });

  it("while betting is closed a table's groups lock as one layer each, and a cell selects again once it opens", async () => {
    signIn();
    const round = makeRound({ items: [makeItem(), makeItem({ sid: 2, nat: 'Player B', l: 2.02 })] });
    const { container } = renderTable(dealing(round));
    const layer = backCell(1).closest('fieldset[data-lock-layer]');
    expect(layer).toBeDisabled();
    expect(layer).toHaveAttribute('data-locked', 'true');
    // The cards are not locked alone: the layer locks them, so a round closing renders no card.
    expect(screen.getByTestId('item-1')).toHaveAttribute('data-locked', 'false');
    expect(backCell(1)).toBeDisabled();
    expect(backCell(2)).toBeDisabled();
    // The lock is each card's veil, a lock in each price cell's colour, which the disabled layer
    // shows; the cells under it keep their prices.
    const sides = (sid: number) => [...within(screen.getByTestId(`item-${sid}`)).getByTestId('lock-veil').children].map((slot) => slot.getAttribute('data-side'));
    expect(sides(1)).toEqual(['back']);
    expect(sides(2)).toEqual(['back', 'lay']);
    expect(within(screen.getByTestId('item-1')).getByTestId('lock-veil')).toHaveAttribute('aria-hidden', 'true');
    expect(backCell(1)).toHaveTextContent('1.98');
    expect(container.querySelectorAll('fieldset[data-lock-layer]:disabled')).toHaveLength(container.querySelectorAll('fieldset[data-lock-layer]').length);
    await userEvent.click(backCell(1));
    expect(useCasinoStore.getState().slip.selection).toBeNull();

    act(() => useCasinoStore.getState().applyRound({ ...round, ts: round.ts + 1000 }));
    expect(layer).toBeEnabled();
    await userEvent.click(backCell(1));
    expect(backCell(1)).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('bet-slip')).toBeInTheDocument();
  });

  it("roulette's board and Sic Bo's lock as one layer while betting is closed, and a number selects again once it opens", async () => {
    signIn();
    const roulette = makeRound({ gtype: 'roulette', items: Array.from({ length: 37 }, (_, n) => makeItem({ sid: n + 1, nat: String(n), b: 36, subtype: 'roulette', type: 'straight' })) });
    const sicbo = makeRound({ gtype: 'sicbo', items: [makeItem({ sid: 1, nat: 'Small', b: 2, subtype: 'sicbo', type: 'size' }), makeItem({ sid: 2, nat: 'Total 4', b: 51, subtype: 'sicbo', type: 'total' })] });
    for (const [round, board, name] of [[roulette, 'roulette-board', 'Number 7 back 36'], [sicbo, 'sicbo-board', 'Small back 2']] as const) {
      const { unmount } = renderTable(dealing(round));
      expect(screen.getByTestId(board)).toBeDisabled();
      expect(screen.getByTestId(board)).toHaveAttribute('data-locked', 'true');
      // The board is dimmed by one veil over it, which its disabled state shows.
      expect(within(screen.getByTestId(board)).getByTestId('lock-veil')).toBeEmptyDOMElement();
      expect(screen.getByRole('button', { name })).toBeDisabled();
      await userEvent.click(screen.getByRole('button', { name }));
      expect(useCasinoStore.getState().slip.selection).toBeNull();

      act(() => useCasinoStore.getState().applyRound({ ...round, ts: round.ts + 1000 }));
      expect(screen.getByTestId(board)).toBeEnabled();
      await userEvent.click(screen.getByRole('button', { name }));
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
      expect(screen.getByTestId('bet-slip')).toBeInTheDocument();
      unmount();
    }
  });

  it('a number locked alone while the board is open is disabled on its own', () => {
    signIn();
    renderTable(makeRound({ gtype: 'roulette', items: [makeItem({ sid: 1, nat: '0', b: 36, subtype: 'roulette', type: 'straight', gstatus: 'SUSPENDED' }), makeItem({ sid: 2, nat: '1', b: 36, subtype: 'roulette', type: 'straight' })] }));
    expect(screen.getByTestId('roulette-board')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Number 0 back 36' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Number 1 back 36' })).toBeEnabled();
  });

  it('a lay cell shows only where the item can be laid, and a lay previews stake won, (rate − 1) × stake risked', async () => {
    signIn();
    renderTable(makeRound({ gtype: 'card32', items: [makeItem({ nat: 'Player 8', subtype: 'card32', b: 12.25, l: 13.28 }), makeItem({ sid: 2, nat: 'Player 9', subtype: 'card32', b: 5.86 })] }));
    expect(screen.getByTestId('item-2').querySelector('button[data-side="lay"]')).toBeNull();
    const lay = screen.getByTestId('item-1').querySelector('button[data-side="lay"]') as HTMLButtonElement;
    expect(lay).toHaveAccessibleName('lay 13.28');
    await userEvent.click(lay);
    await userEvent.type(stakeBox(), '100');
    expect(screen.getByTestId('slip-profit')).toHaveTextContent('100.00');
    expect(screen.getByTestId('slip-liability')).toHaveTextContent('1228.00');
  });

  it('Submit is disabled once betting closes on the selected item', async () => {
    signIn();
    const round = makeRound();
    renderTable(round);
    await userEvent.click(backCell(1));
    await userEvent.type(stakeBox(), '100');
    expect(submitButton()).toBeEnabled();
    act(() => useCasinoStore.getState().applyRound({ ...dealing(round), ts: round.ts + 1000 }));
    expect(submitButton()).toBeDisabled();
  });

  it('submits round id, item, rate, stake, side and a request id; toasts the server message; clears the slip', async () => {
    vi.mocked(placeCasinoBet).mockResolvedValue({ success: true, message: 'Bet placed successfully', data: { bet: {} as never, balance: 1400, exp: -100 } });
    signIn();
    renderTable();
    await userEvent.click(backCell(1));
    await userEvent.type(stakeBox(), '100');
    await userEvent.click(submitButton());
    expect(placeCasinoBet).toHaveBeenCalledWith({ gType: 'teen20', marketId: '2611230100100', sectionId: 1, uRate: 1.98, amount: 100, betType: 'back', requestId: 'req-1' });
    expect(notify.success).toHaveBeenCalledWith('Bet placed successfully');
    expect(useCasinoStore.getState().slip).toEqual({ selection: null, stake: 0, submitting: false });
    expect(sessionActions.get()?.user?.exp).toBe(-100);
  });

  it('shows the server’s refusal (a locked table) and clears the slip', async () => {
    vi.mocked(placeCasinoBet).mockRejectedValue({ message: 'This casino game is currently locked by the administrator.', status: 403 });
    signIn();
    renderTable();
    await userEvent.click(backCell(2));
    await userEvent.type(stakeBox(), '100');
    await userEvent.click(submitButton());
    expect(notify.error).toHaveBeenCalledWith('This casino game is currently locked by the administrator.');
    expect(useCasinoStore.getState().slip.selection).toBeNull();
  });
});

describe('slip rules', () => {
  const selection = { gtype: 'teen20', mid: '1', sid: 1, nat: 'Player A', side: 'back' as const, rate: 1.98, min: 100, max: 25000 };
  it('Submit needs a selection, a positive stake, no submission in flight and an open item', () => {
    expect(canSubmit({ selection, stake: 100, submitting: false }, true)).toBe(true);
    expect(canSubmit({ selection: null, stake: 100, submitting: false }, true)).toBe(false);
    expect(canSubmit({ selection, stake: 0, submitting: false }, true)).toBe(false);
    expect(canSubmit({ selection, stake: -1, submitting: false }, true)).toBe(false);
    expect(canSubmit({ selection, stake: Number.NaN, submitting: false }, true)).toBe(false);
    expect(canSubmit({ selection, stake: 100, submitting: true }, true)).toBe(false);
    expect(canSubmit({ selection, stake: 100, submitting: false }, false)).toBe(false);
  });
  it('previews (rate − 1) × stake for a back and the stake for a lay', () => {
    expect(preview('back', 1.98, 1000)).toEqual({ profit: 980, liability: 1000 });
    expect(preview('back', 36, 100)).toEqual({ profit: 3500, liability: 100 });
    expect(preview('lay', 2.24, 100)).toEqual({ profit: 100, liability: 124 });
    expect(preview('back', 1.98, 0)).toEqual({ profit: 0, liability: 0 });
  });
});
