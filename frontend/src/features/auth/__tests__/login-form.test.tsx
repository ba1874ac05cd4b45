import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { LoginForm } from '../components/login-form';
import { login } from '../api/login';
import { getUser } from '../api/get-user';

vi.mock('../api/login', () => ({ login: vi.fn() }));
vi.mock('../api/get-user', () => ({ getUser: vi.fn() }));

const user = makeUser();

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginForm />} />
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="/change-password" element={<h1>Change password page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('LoginForm', () => {
  it('shows no error before a field is touched', async () => {
    renderLogin();
    await userEvent.type(screen.getByPlaceholderText('Enter Username'), 'a');
    await userEvent.clear(screen.getByPlaceholderText('Enter Username'));
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
  });

  it('shows the required messages on blur', async () => {
    renderLogin();
    fireEvent.blur(screen.getByPlaceholderText('Enter Username'));
    fireEvent.blur(screen.getByPlaceholderText('Enter Password'));
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('revalidates on change once touched', async () => {
    renderLogin();
    const password = screen.getByPlaceholderText('Enter Password');
    fireEvent.blur(password);
    await userEvent.type(password, '123');
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    await userEvent.type(password, '456');
    expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
  });

  it('submitting empty shows every message and does not call the server', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('disables Login while submitting, trims the username and goes home', async () => {
    let resolve: (value: unknown) => void = () => {};
    vi.mocked(login).mockImplementation(() => new Promise((r) => (resolve = r)) as never);
    vi.mocked(getUser).mockResolvedValue(user);
    renderLogin();
    await userEvent.type(screen.getByPlaceholderText('Enter Username'), '  player1 ');
    await userEvent.type(screen.getByPlaceholderText('Enter Password'), 'player123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    expect(login).toHaveBeenCalledWith({ username: 'player1', password: 'player123' });
    await act(async () => resolve({ accessToken: 'a', refreshToken: 'r', user }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it('sends a user who must change the password to /change-password', async () => {
    vi.mocked(login).mockResolvedValue({ accessToken: 'a', refreshToken: 'r', user: { ...user, isLogin: false } });
    vi.mocked(getUser).mockResolvedValue({ ...user, isLogin: false });
    renderLogin();
    await userEvent.type(screen.getByPlaceholderText('Enter Username'), 'newplayer');
    await userEvent.type(screen.getByPlaceholderText('Enter Password'), 'welcome123');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Change password page' })).toBeInTheDocument();
  });

  it('a failed login shows no message and resets the form', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(login).mockRejectedValue({ message: 'Invalid username or password', status: 401 });
    renderLogin();
    await userEvent.type(screen.getByPlaceholderText('Enter Username'), 'player1');
    await userEvent.type(screen.getByPlaceholderText('Enter Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByPlaceholderText('Enter Username')).toHaveValue(''));
    expect(screen.queryByText('Invalid username or password')).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalled();
    consoleError.mockRestore();
  });
});
