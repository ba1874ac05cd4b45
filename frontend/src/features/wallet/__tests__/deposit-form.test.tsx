import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { DepositMethod } from '@/types';
import { notify } from '@/lib/notify';
import { DepositForm } from '../components/deposit-form';
import { getDepositMethods } from '../api/get-deposit-methods';
import { createDeposit } from '../api/create-deposit';

vi.mock('../api/get-deposit-methods', () => ({ getDepositMethods: vi.fn() }));
vi.mock('../api/create-deposit', () => ({ createDeposit: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const METHODS: DepositMethod[] = [
  { id: 'upi', name: 'UPI', min: 100, max: 100000 },
  { id: 'paytm', name: 'Paytm', min: 100, max: 500 },
  { id: 'imps', name: 'IMPS', min: 5001, max: 40000 },
];

const payNow = (name: string) => screen.getByRole('button', { name: `Pay Now with ${name}` });
const amountBox = () => screen.getByRole('textbox', { name: 'Amount' });

async function renderForm() {
  vi.mocked(getDepositMethods).mockResolvedValue(METHODS);
  render(<DepositForm />);
  await screen.findByRole('list', { name: 'Payment methods' });
}

describe('DepositForm', () => {
  it('lists every method with its range and Pay Now disabled while the amount is 0', async () => {
    await renderForm();
    const list = screen.getByRole('list', { name: 'Payment methods' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByText('₹5001.00 – ₹40000.00')).toBeInTheDocument();
    for (const method of METHODS) expect(payNow(method.name)).toBeDisabled();
  });

  it('the amount box takes digits only', async () => {
    await renderForm();
    await userEvent.type(amountBox(), '5a0-0.');
    expect(amountBox()).toHaveValue('500');
  });

  it('enables Pay Now only for the methods whose range holds the amount', async () => {
    await renderForm();
    await userEvent.type(amountBox(), '600');
    expect(payNow('UPI')).toBeEnabled();
    expect(payNow('Paytm')).toBeDisabled();
    expect(payNow('IMPS')).toBeDisabled();
    await userEvent.clear(amountBox());
    await userEvent.type(amountBox(), '5001');
    expect(payNow('IMPS')).toBeEnabled();
    expect(payNow('Paytm')).toBeDisabled();
  });

  it('minus never goes below 0; plus and the quick adds add up', async () => {
    await renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Decrease amount' }));
    expect(amountBox()).toHaveValue('0');
    await userEvent.click(screen.getByRole('button', { name: '+500' }));
    await userEvent.click(screen.getByRole('button', { name: '+1000' }));
    expect(amountBox()).toHaveValue('1500');
    await userEvent.click(screen.getByRole('button', { name: 'Increase amount' }));
    expect(amountBox()).toHaveValue('1600');
  });

  it('Pay Now sends amount, method and reference and shows the server message', async () => {
    vi.mocked(createDeposit).mockResolvedValue({ success: true, message: 'Deposit request submitted', data: {} as never });
    await renderForm();
    await userEvent.type(amountBox(), '500');
    await userEvent.type(screen.getByLabelText('Payer reference (optional)'), ' UTR123 ');
    await userEvent.click(payNow('UPI'));
    expect(createDeposit).toHaveBeenCalledWith({ amount: 500, method: 'upi', reference: 'UTR123' });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Deposit request submitted'));
    expect(amountBox()).toHaveValue('');
  });

  it('a refused deposit shows the server message as an error', async () => {
    vi.mocked(createDeposit).mockRejectedValue({ message: 'Too many open requests: at most 10 Pending or In-Process', status: 422 });
    await renderForm();
    await userEvent.type(amountBox(), '500');
    await userEvent.click(payNow('UPI'));
    expect(createDeposit).toHaveBeenCalledWith({ amount: 500, method: 'upi' });
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Too many open requests: at most 10 Pending or In-Process'));
  });
});
