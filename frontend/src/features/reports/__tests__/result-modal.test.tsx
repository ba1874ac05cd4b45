import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import { theme } from '@/testing/theme';
import { ResultModal } from '../components/result-modal';
import { fromCasinoDetail, fromSettlement } from '../model/result-data';
import { makeBet, makeCasinoBet, makeDetail, makeSettlement } from './fixtures';

const renderModal = (data: Parameters<typeof ResultModal>[0]['data']) => {
  const onClose = vi.fn();
  render(
    <ThemeProvider theme={theme}>
      <ResultModal data={data} onClose={onClose} />
    </ThemeProvider>,
  );
  return onClose;
};

const rows = () => screen.queryAllByTestId('result-bet');
const figure = (testId: string) => screen.getByTestId(testId).textContent;

describe('result modal', () => {
  const sports = makeSettlement({
    totalProfit: 330.5,
    bets: [
      makeBet({ betId: 1, betType: 'back', amount: 200, sectionName: 'India', result: 180 }),
      makeBet({ betId: 2, betType: 'lay', amount: 150.5, sectionName: 'Pakistan', result: 150.5 }),
      makeBet({ betId: 3, betType: 'back', amount: 100, sectionName: 'Pakistan', result: 0, voided: true }),
    ],
  });

  it('titles the event, shows the market id, match time and what the bets say about the winner', () => {
    renderModal(fromSettlement(sports));
    expect(screen.getByRole('dialog', { name: 'India v Pakistan Result' })).toBeInTheDocument();
    expect(figure('result-round-id')).toBe('1000001');
    expect(figure('result-time')).toMatch(/^\d{2}\/\d{2}\/2026 \d{2}:\d{2}:\d{2}$/);
    expect(within(screen.getByTestId('market-result')).getByText('India')).toBeInTheDocument();
  });

  it("an exchange winner's commission and net follow the win, and only for all the bets", async () => {
    renderModal(fromSettlement({ ...sports, commission: 16.52 }));
    expect(figure('result-profit')).toBe('330.50');
    expect(figure('result-commission')).toBe('-16.52');
    expect(figure('result-net')).toBe('313.98');
    await userEvent.click(screen.getByRole('radio', { name: 'Back' }));
    expect(screen.queryByTestId('result-commission')).toBeNull();
  });

  it('no commission line where none was charged', () => {
    renderModal(fromSettlement(sports));
    expect(screen.queryByTestId('result-commission')).toBeNull();
  });

  it('the radios filter the rows and the totals follow the rows shown', async () => {
    renderModal(fromSettlement(sports));
    expect(rows()).toHaveLength(3);
    expect(figure('result-total-bets')).toBe('3');
    expect(figure('result-total-amount')).toBe('450.50');
    expect(figure('result-profit')).toBe('330.50');

    await userEvent.click(screen.getByRole('radio', { name: 'Back' }));
    expect(rows().map((row) => row.dataset.side)).toEqual(['back', 'back']);
    expect(figure('result-total-bets')).toBe('2');
    expect(figure('result-total-amount')).toBe('300.00');
    expect(figure('result-profit')).toBe('180.00');

    await userEvent.click(screen.getByRole('radio', { name: 'Lay' }));
    expect(rows()).toHaveLength(1);
    expect(figure('result-total-amount')).toBe('150.50');

    await userEvent.click(screen.getByRole('radio', { name: 'Deleted' }));
    expect(rows()).toHaveLength(1);
    expect(within(rows()[0]!).getByText('Pakistan')).toBeInTheDocument();
    expect(figure('result-total-amount')).toBe('100.00');

    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    expect(rows()).toHaveLength(3);
  });

  it('shows each bet row with its checkbox and the browser details as a tooltip', async () => {
    renderModal(fromSettlement(sports));
    const first = rows()[0]!;
    expect(within(first).getByText('203.0.113.9')).toBeInTheDocument();
    const box = within(first).getByRole('checkbox', { name: 'Select row' });
    await userEvent.click(box);
    expect(box).toBeChecked();
    await userEvent.hover(within(first).getByRole('button', { name: /Browser details/ }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Mozilla/5.0 Test');
  });

  it('a casino round shows its hands, winner and the items that paid', () => {
    renderModal(fromCasinoDetail(makeDetail({ bets: [makeCasinoBet({ result: 98 })] })));
    expect(screen.getByRole('dialog', { name: 'Teen Patti 20-20 Result' })).toBeInTheDocument();
    expect(figure('result-round-id')).toBe('260310011234');
    const view = screen.getByTestId('round-result');
    expect(within(view).getAllByText('Player A').length).toBeGreaterThan(0);
    expect(within(view).getByTestId('round-winner')).toHaveTextContent('Player A');
    expect(within(view).getByText('Player A: Pair')).toBeInTheDocument();
    expect(within(view).getByText('Player B: High card')).toBeInTheDocument();
    expect(within(view).getByText('Pair Plus A: pays 2.00')).toBeInTheDocument();
    expect(within(view).queryByText(/Player B: lost/)).not.toBeInTheDocument();
    expect(figure('result-profit')).toBe('98.00');
    expect(within(view).queryByTestId('round-stacked')).not.toBeInTheDocument();
  });

  it('a round dealt from a stacked shoe (test mode) says so', () => {
    const detail = makeDetail({ bets: [makeCasinoBet({ result: 98 })] });
    renderModal(fromCasinoDetail({ ...detail, result: { ...detail.result, stacked: true } }));
    expect(within(screen.getByTestId('round-result')).getByText('Stacked (test mode)')).toBeInTheDocument();
  });

  it('a void round (cut before its result) says so, with the bet and no profit', () => {
    const detail = makeDetail({ bets: [makeCasinoBet({ result: 0, voided: true })], totalProfit: 0 });
    const result = { ...detail.result, seed: 0, win: 'V', winner: 'Void', rdesc: 'Void | the round was cut before its result; every stake was returned', card: '', hands: [], items: [] };
    renderModal(fromCasinoDetail({ ...detail, result }));
    const view = screen.getByTestId('round-result');
    expect(within(view).getAllByText('Void').length).toBeGreaterThan(0);
    expect(within(view).getByText(/every stake was returned/)).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    expect(figure('result-profit')).toBe('0.00');
  });

  it('Close calls back', async () => {
    const onClose = renderModal(fromSettlement(sports));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
