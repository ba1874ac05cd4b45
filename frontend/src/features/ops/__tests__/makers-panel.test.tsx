import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { vi } from 'vitest';
import type { OpsMakers } from '@/types';
import { theme } from '@/testing/theme';
import { notify } from '@/lib/notify';
import { changeMakers, getMakers } from '../api';
import { MakersPanel } from '../components/makers-panel';

vi.mock('@/lib/notify', () => ({ notify: { error: vi.fn(), success: vi.fn() } }));
vi.mock('../api', () => ({ getMakers: vi.fn(), changeMakers: vi.fn() }));

const makers: OpsMakers = {
  paused: false,
  spreadTicks: 0,
  depth: 3,
  size: 500,
  requoteMs: 1000,
  requoteTicks: 2,
  makers: [
    { username: 'maker1', balance: 10_000_000, exposure: 2_500.5, orders: 18 },
    { username: 'maker2', balance: 9_999_000, exposure: 0, orders: 0 },
  ],
};

const renderPanel = () =>
  render(
    <ThemeProvider theme={theme}>
      <MakersPanel />
    </ThemeProvider>,
  );

describe('the market makers’ panel', () => {
  beforeEach(() => {
    vi.mocked(getMakers).mockResolvedValue(makers);
  });

  it('shows how the makers quote and each maker’s money', async () => {
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Market makers' });
    expect(within(panel).getByTestId('makers-state')).toHaveTextContent('Quoting');
    expect(within(panel).getByRole('textbox', { name: 'Depth (levels)' })).toHaveValue('3');
    expect(within(panel).getByRole('textbox', { name: 'Size' })).toHaveValue('500.00');
    const row = within(panel).getByRole('table', { name: 'Market makers\' money' }).querySelector('tr[data-username="maker1"]') as HTMLElement;
    expect(row).toHaveTextContent('10000000.002500.509997499.5018');
    expect(within(panel).getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it('checks a field against the server’s range and sends only what changed', async () => {
    vi.mocked(changeMakers).mockResolvedValue({ makers: { ...makers, depth: 2 }, message: 'Market makers changed' });
    renderPanel();
    const depth = await screen.findByRole('textbox', { name: 'Depth (levels)' });
    await userEvent.clear(depth);
    await userEvent.type(depth, '11');
    expect(screen.getByText('1 to 10')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    await userEvent.clear(depth);
    await userEvent.type(depth, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(changeMakers).toHaveBeenCalledWith({ depth: 2 });
    expect(notify.success).toHaveBeenCalledWith('Market makers changed');
    expect(screen.getByRole('textbox', { name: 'Depth (levels)' })).toHaveValue('2');
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
  });

  it('pauses the makers at once', async () => {
    vi.mocked(changeMakers).mockResolvedValue({ makers: { ...makers, paused: true }, message: 'Market makers changed' });
    renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Pause makers' }));
    expect(changeMakers).toHaveBeenCalledWith({ paused: true });
    expect(screen.getByTestId('makers-state')).toHaveTextContent('Paused');
    expect(screen.getByRole('button', { name: 'Resume makers' })).toBeInTheDocument();
  });

  it('shows the server’s refusal in the panel', async () => {
    vi.mocked(changeMakers).mockRejectedValue({ message: 'size: more than 0 and at most 100000.00', status: 400 });
    renderPanel();
    const size = await screen.findByRole('textbox', { name: 'Size' });
    await userEvent.clear(size);
    await userEvent.type(size, '250');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByTestId('makers-refusal')).toHaveTextContent('The server refused the change: size: more than 0 and at most 100000.00');
    expect(screen.getByRole('textbox', { name: 'Size' })).toHaveValue('250');
  });

  it('says so when the server runs no makers', async () => {
    vi.mocked(getMakers).mockRejectedValue({ message: 'This server runs no market makers', status: 404 });
    renderPanel();
    expect(await screen.findByTestId('no-makers')).toHaveTextContent('Market makers: This server runs no market makers.');
  });
});
