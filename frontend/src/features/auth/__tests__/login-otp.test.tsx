import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { LoginForm } from '../components/login-form';
import { login } from '../api/login';
import { getUser } from '../api/get-user';

vi.mock('../api/login', () => ({ login: vi.fn() }));
vi.mock('../api/get-user', () => ({ getUser: vi.fn() }));

const OTP_PROMPT = 'Enter the 6-digit code from your authenticator app';
const otpRequired = (message: string) => ({ success: false, message, data: { otpRequired: true }, status: 401 });

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginForm />} />
        <Route path="/" element={<h1>Home page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function submitPassword() {
  await userEvent.type(screen.getByPlaceholderText('Enter Username'), 'player1');
  await userEvent.type(screen.getByPlaceholderText('Enter Password'), 'player123');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm with secure auth', () => {
  it('asks for the authentication code, then logs in with it', async () => {
    vi.mocked(login).mockRejectedValueOnce(otpRequired(OTP_PROMPT));
    vi.mocked(getUser).mockResolvedValue(makeUser());
    renderLogin();
    await submitPassword();
    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    expect(screen.getByText(OTP_PROMPT)).toBeInTheDocument();
    expect(screen.queryByPlaceholderText('Enter Password')).not.toBeInTheDocument();
    const verify = screen.getByRole('button', { name: 'Verify' });
    await userEvent.type(code, '12x345');
    expect(verify).toBeDisabled();
    await userEvent.type(code, '6');
    expect(verify).toBeEnabled();

    vi.mocked(login).mockResolvedValueOnce({ accessToken: 'a', refreshToken: 'r', user: makeUser() });
    await userEvent.click(verify);
    expect(login).toHaveBeenLastCalledWith({ username: 'player1', password: 'player123', otp: '123456' });
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('a wrong code shows the server message and asks again', async () => {
    vi.mocked(login).mockRejectedValueOnce(otpRequired(OTP_PROMPT)).mockRejectedValueOnce(otpRequired('Invalid authentication code'));
    renderLogin();
    await submitPassword();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Authentication code' }), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid authentication code')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Authentication code' })).toHaveValue('');
    expect(login).toHaveBeenCalledTimes(2);
  });

  it('a wrong password is not an OTP prompt: no code field, no message', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(login).mockRejectedValue({ success: false, message: 'Invalid username or password', data: null, status: 401 });
    renderLogin();
    await submitPassword();
    await waitFor(() => expect(screen.getByPlaceholderText('Enter Username')).toHaveValue(''));
    expect(screen.queryByRole('textbox', { name: 'Authentication code' })).not.toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('Back to login returns to the password step', async () => {
    vi.mocked(login).mockRejectedValueOnce(otpRequired(OTP_PROMPT));
    renderLogin();
    await submitPassword();
    await userEvent.click(await screen.findByRole('button', { name: 'Back to login' }));
    expect(screen.getByPlaceholderText('Enter Password')).toBeInTheDocument();
  });
});
