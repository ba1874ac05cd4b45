import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { SecureAuthStatus } from '@/types';
import { SecureAuthPanel } from '../components/secure-auth-panel';
import { getSecureAuth } from '../api/get-secure-auth';
import { enrollTotp } from '../api/enroll-totp';
import { verifyTotp } from '../api/verify-totp';
import { disableTotp } from '../api/disable-totp';
import { getTelegramConnection } from '../api/get-telegram-connection';

vi.mock('../api/get-secure-auth', () => ({ getSecureAuth: vi.fn() }));
vi.mock('../api/enroll-totp', () => ({ enrollTotp: vi.fn() }));
vi.mock('../api/verify-totp', () => ({ verifyTotp: vi.fn() }));
vi.mock('../api/disable-totp', () => ({ disableTotp: vi.fn() }));
vi.mock('../api/get-telegram-connection', () => ({ getTelegramConnection: vi.fn() }));
vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn() } }));

const DISABLED: SecureAuthStatus = { status: 'Disabled', enrolmentPending: false, telegramConnectionId: null };
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URI = `otpauth://totp/Exchange:player1?secret=${SECRET}&issuer=Exchange&algorithm=SHA1&digits=6&period=30`;

async function renderPanel(status: SecureAuthStatus = DISABLED) {
  vi.mocked(getSecureAuth).mockResolvedValue(status);
  render(<SecureAuthPanel />);
  await screen.findByText(status.status);
}

describe('SecureAuthPanel', () => {
  it('enrols: shows the QR code and the grouped secret, verifies only a 6-digit code', async () => {
    vi.mocked(enrollTotp).mockResolvedValue({ secret: SECRET, otpauthUri: URI });
    await renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Generate Code' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const verify = screen.getByRole('button', { name: 'Verify' });
    const code = screen.getByRole('textbox', { name: 'Authentication code' });
    await userEvent.type(code, '12a345');
    expect(code).toHaveValue('12345');
    expect(verify).toBeDisabled();
    await userEvent.type(code, '6');
    expect(verify).toBeEnabled();
  });

  it('a wrong code shows the server message and stays Disabled; a right one shows Enabled', async () => {
    vi.mocked(enrollTotp).mockResolvedValue({ secret: SECRET, otpauthUri: URI });
    await renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Generate Code' }));
    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    vi.mocked(verifyTotp).mockRejectedValueOnce({ message: 'Invalid authentication code', status: 422 });
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid authentication code')).toBeInTheDocument();
    expect(screen.getByTestId('secure-auth-status')).toHaveTextContent('Disabled');

    vi.mocked(verifyTotp).mockResolvedValueOnce({ success: true, message: 'Secure auth enabled', data: { ...DISABLED, status: 'Enabled' } });
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(verifyTotp).toHaveBeenLastCalledWith('123456');
    await waitFor(() => expect(screen.getByTestId('secure-auth-status')).toHaveTextContent('Enabled'));
    expect(screen.getByRole('button', { name: 'Disable' })).toBeDisabled();
  });

  it('disables with a current code', async () => {
    vi.mocked(disableTotp).mockResolvedValue({ success: true, message: 'Secure auth disabled', data: DISABLED });
    await renderPanel({ ...DISABLED, status: 'Enabled' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Authentication code' }), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(disableTotp).toHaveBeenCalledWith('654321');
    await waitFor(() => expect(screen.getByTestId('secure-auth-status')).toHaveTextContent('Disabled'));
  });

  it('Telegram: Get Connection ID needs a password, then alerts and shows the id', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.mocked(getTelegramConnection).mockResolvedValue({ connectionId: 'TG-8F3K2QZ7' });
    await renderPanel();
    await userEvent.click(screen.getByRole('tab', { name: 'Enable Using Telegram' }));
    const button = screen.getByRole('button', { name: 'Get Connection ID' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Login password'), 'player123');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(getTelegramConnection).toHaveBeenCalledWith('player123');
    expect(await screen.findByTestId('telegram-connection-id')).toHaveTextContent('TG-8F3K2QZ7');
    expect(alert).toHaveBeenCalledWith('Connection ID generated!');
    alert.mockRestore();
  });

  it('Telegram: a wrong password shows the server message and no alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.mocked(getTelegramConnection).mockRejectedValue({ message: 'Password is incorrect', status: 422 });
    await renderPanel();
    await userEvent.click(screen.getByRole('tab', { name: 'Enable Using Telegram' }));
    await userEvent.type(screen.getByLabelText('Login password'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Get Connection ID' }));
    expect(await screen.findByText('Password is incorrect')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  });
});
