import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { WalletRequest } from '@/types';
import { sessionActions } from '@/lib/session';
import { makeUser } from '@/testing/fixtures';
import { WalletStatement } from '../components/wallet-statement';
import { getWalletRequests } from '../api/get-wallet-requests';

vi.mock('../api/get-wallet-requests', () => ({ getWalletRequests: vi.fn() }));

function request(overrides: Partial<WalletRequest> = {}): WalletRequest {
  return {
    id: 7,
    kind: 'withdraw',
    username: 'player1',
    name: 'HDFC Bank ****7890',
    method: null,
    type: 'NORMAL',
    account: null,
    reference: '',
    amount: 1500,
    status: 'Pending',
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    remark: '',
    ...overrides,
  };
}

const lastQuery = () => vi.mocked(getWalletRequests).mock.calls.at(-1)?.[0];

describe('WalletStatement', () => {
  beforeEach(() => {
    sessionActions.set({ accessToken: 'a', refreshToken: 'r', user: makeUser({ balance: 1000 }) });
  });
  afterEach(() => sessionActions.clear());

  it('shows the rows with ₹ amounts, a status chip and the entries line', async () => {
    vi.mocked(getWalletRequests).mockResolvedValue({ rows: [request(), request({ id: 8, status: 'Rejected', remark: 'Bank details wrong' })], total: 12 });
    render(<WalletStatement kind="withdraw" />);
    expect(await screen.findAllByText('HDFC Bank ****7890')).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: 'Withdraw Name' })).toBeInTheDocument();
    expect(screen.getAllByText('₹1500.00')).toHaveLength(2);
    expect(screen.getByText('Rejected')).toBeInTheDocument();
    expect(screen.getByText('Bank details wrong')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 12 entries')).toBeInTheDocument();
    expect(lastQuery()).toMatchObject({ kind: 'withdraw', page: 1, limit: 10 });
  });

  it('shows "No results found" for an empty page', async () => {
    vi.mocked(getWalletRequests).mockResolvedValue({ rows: [], total: 0 });
    render(<WalletStatement kind="deposit" />);
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search deposits...')).toBeInTheDocument();
  });

  it('asks the server for the chosen status and the debounced search, from page 1', async () => {
    vi.mocked(getWalletRequests).mockResolvedValue({ rows: [request()], total: 30 });
    render(<WalletStatement kind="withdraw" />);
    await screen.findByText('HDFC Bank ****7890');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery()?.page).toBe(2));
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Approved' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ status: 'Approved', page: 1 }));
    await userEvent.type(screen.getByPlaceholderText('Search withdrawals...'), 'HDFC');
    expect(lastQuery()?.search).toBeUndefined();
    await waitFor(() => expect(lastQuery()?.search).toBe('HDFC'), { timeout: 2000 });
  });

  it('refetches by itself when the live balance moves', async () => {
    vi.mocked(getWalletRequests).mockResolvedValue({ rows: [request()], total: 1 });
    render(<WalletStatement kind="withdraw" />);
    await screen.findByText('Pending');
    const calls = vi.mocked(getWalletRequests).mock.calls.length;
    vi.mocked(getWalletRequests).mockResolvedValue({ rows: [request({ status: 'Rejected' })], total: 1 });
    act(() => sessionActions.patchUser({ balance: 2500 }));
    expect(await screen.findByText('Rejected')).toBeInTheDocument();
    expect(vi.mocked(getWalletRequests).mock.calls.length).toBe(calls + 1);
  });
});
