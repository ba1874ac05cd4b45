import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { WithdrawAccount } from '@/types';
import { notify } from '@/lib/notify';
import { WithdrawForm } from '../components/withdraw-form';
import { getWithdrawAccounts } from '../api/get-withdraw-accounts';
import { createWithdraw } from '../api/create-withdraw';
import { saveWithdrawAccount } from '../api/save-withdraw-account';

vi.mock('../api/get-withdraw-accounts', () => ({ getWithdrawAccounts: vi.fn() }));
vi.mock('../api/create-withdraw', () => ({ createWithdraw: vi.fn() }));
vi.mock('../api/save-withdraw-account', () => ({ saveWithdrawAccount: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const ACCOUNTS: WithdrawAccount[] = [
  { id: 1, name: 'Player One', bank: 'HDFC Bank', number: '50100234567890', ifsc: 'HDFC0001234', type: 'NORMAL' },
  { id: 2, name: 'Wallet', bank: 'USDT TRC20', number: 'TXyz1234567890abcdefghijk', ifsc: '', type: 'Crypto' },
];

async function renderForm(accounts = ACCOUNTS) {
  vi.mocked(getWithdrawAccounts).mockResolvedValue(accounts);
  render(<WithdrawForm />);
  if (accounts.length) await screen.findAllByRole('radio');
}

const amountBox = () => screen.getByRole('textbox', { name: 'Amount' });

describe('WithdrawForm', () => {
  it('alerts when the amount or the account is missing and sends nothing', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    await renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(alert).toHaveBeenLastCalledWith('Please enter amount and select an account.');
    await userEvent.type(amountBox(), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(alert).toHaveBeenCalledTimes(2);
    await userEvent.clear(amountBox());
    await userEvent.click(screen.getByRole('radio', { name: /Player One/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(alert).toHaveBeenCalledTimes(3);
    expect(createWithdraw).not.toHaveBeenCalled();
    alert.mockRestore();
  });

  it('shows only the accounts of the chosen type', async () => {
    await renderForm();
    expect(screen.getByRole('radio', { name: /Player One — HDFC Bank \*\*\*\*7890/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Wallet/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Crypto' }));
    expect(screen.getByRole('radio', { name: /Wallet — USDT TRC20/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Player One/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'EXPRESS WITHDRAWAL' }));
    expect(screen.getByText('No saved EXPRESS WITHDRAWAL account yet. Use Add New.')).toBeInTheDocument();
  });

  it('sends amount, type and account and shows the server message', async () => {
    vi.mocked(createWithdraw).mockResolvedValue({ success: true, message: 'Withdraw request submitted', data: {} as never });
    await renderForm();
    await userEvent.type(amountBox(), '1500');
    await userEvent.click(screen.getByRole('radio', { name: /Player One/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(createWithdraw).toHaveBeenCalledWith({ amount: 1500, type: 'NORMAL', accountId: 1 });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Withdraw request submitted'));
  });

  it('Add New validates, shows the server field error, and selects the saved account', async () => {
    await renderForm([]);
    await userEvent.click(screen.getByRole('button', { name: 'Add New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New NORMAL Account' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Name must be 1 to 60 characters')).toBeInTheDocument();
    expect(saveWithdrawAccount).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Account holder name'), 'Player One');
    await userEvent.type(screen.getByLabelText('Bank name'), 'HDFC Bank');
    await userEvent.type(screen.getByLabelText('Account number'), '50100234567890');
    await userEvent.type(screen.getByLabelText('IFSC code'), 'hdfc0001234');
    expect(screen.getByLabelText('IFSC code')).toHaveValue('HDFC0001234');

    vi.mocked(saveWithdrawAccount).mockRejectedValueOnce({ message: 'number: account number is blocked', status: 400 });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account number is blocked')).toBeInTheDocument();

    vi.mocked(saveWithdrawAccount).mockResolvedValueOnce({ success: true, message: 'Account saved', data: { ...ACCOUNTS[0], id: 9 } as WithdrawAccount });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saveWithdrawAccount).toHaveBeenLastCalledWith({
      name: 'Player One',
      bank: 'HDFC Bank',
      number: '50100234567890',
      ifsc: 'HDFC0001234',
      type: 'NORMAL',
    });
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: /Player One/ })).toBeChecked();
  }, 15_000);
});
