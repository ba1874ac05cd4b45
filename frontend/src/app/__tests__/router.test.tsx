import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { sessionActions } from '@/lib/session';
import { makeUser } from '@/testing/fixtures';
import { useSiteConfigStore } from '@/features/site-config';
import { AppProvider } from '../provider';
import { routeObjects } from '../router';
import { WELCOME_FLAG_KEY } from '../layout/welcome-flag';

vi.mock('@/lib/socket', () => ({
  ReadyState: { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3, UNINSTANTIATED: -1 },
  useAppSocket: () => ({ send: () => {}, lastMessage: null, readyState: 3 }),
}));

const siteConfig = { title: 'Exchange', favicon: '', logo: '', user_announcement: 'Hello players', login_logo: '' };
let currentUser = makeUser();

function renderAt(path: string) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('routes and navigation rules', () => {
  beforeEach(() => {
    localStorage.setItem(WELCOME_FLAG_KEY, '1');
    useSiteConfigStore.setState({ status: 'idle', config: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        const data = url.includes('/domain/domain-config') ? siteConfig : url.endsWith('/api/users') ? currentUser : null;
        return new Response(JSON.stringify({ success: true, message: 'OK', data }), { status: 200 });
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    sessionActions.clear();
  });

  it('shows the 404 heading for an unknown path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
  });

  it('sends a visitor opening a user-only page home', async () => {
    const router = renderAt('/deposit');
    expect(await screen.findByRole('button', { name: 'Demo' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a demo user opening /deposit home', async () => {
    currentUser = makeUser({ role: ['demo'], username: 'demo1' });
    sessionActions.set({ accessToken: 'a', refreshToken: 'r', user: currentUser });
    const router = renderAt('/deposit');
    expect(await screen.findByText('No data available')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a user who must change the password to /change-password', async () => {
    currentUser = makeUser({ isLogin: false });
    sessionActions.set({ accessToken: 'a', refreshToken: 'r', user: currentUser });
    const router = renderAt('/');
    expect(await screen.findByRole('button', { name: 'Change Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
  });

  it('shows the balance and the announcement to a signed-in user', async () => {
    currentUser = makeUser({ balance: 150000, exp: -250.5 });
    sessionActions.set({ accessToken: 'a', refreshToken: 'r', user: currentUser });
    renderAt('/');
    expect(await screen.findByTestId('balance')).toHaveTextContent('1.5L');
    expect(screen.getByTestId('exposure')).toHaveTextContent('-250.50');
    expect(screen.getAllByText('Hello players').length).toBeGreaterThan(0);
  });

  it('names a footer page after the route opened', async () => {
    renderAt('/responsible-gaming');
    expect(await screen.findByRole('heading', { name: 'Responsible Gaming' })).toBeInTheDocument();
  });

  it('shows the site-config failure message', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 500 })));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/');
    expect(await screen.findByText('Unable to load site configuration.')).toBeInTheDocument();
    expect(screen.getByText('Please try again later or contact support.')).toBeInTheDocument();
  });
});
