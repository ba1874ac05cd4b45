// Login, demo login and logout (spec §4). Navigation happens here so every caller behaves alike.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { LoginResponse, User } from '@/types';
import { sessionActions } from '@/lib/session';
import { demoLogin } from '../api/demo-login';
import { getUser } from '../api/get-user';
import { login, type LoginInput } from '../api/login';
import { logout } from '../api/logout';
import { useAuthStore } from '../stores/auth-store';

async function startSession(response: LoginResponse): Promise<User> {
  sessionActions.set({ accessToken: response.accessToken, refreshToken: response.refreshToken, user: response.user });
  useAuthStore.getState().reset();
  let user = response.user;
  try {
    const fresh = await getUser();
    if (fresh) {
      sessionActions.setUser(fresh);
      user = fresh;
    }
  } catch {
    // The login response's user is enough to go on; polling fetches it again.
  }
  return user;
}

/** Ends the session on the server and here; resolves once local state is cleared. */
export async function endSession(): Promise<void> {
  try {
    if (sessionActions.get()) await logout();
  } catch {
    // Logging out locally must not depend on the server answering.
  }
  sessionActions.clear();
  useAuthStore.getState().reset();
  useAuthStore.getState().stopPolling();
}

export function useAuthActions() {
  const navigate = useNavigate();

  const signIn = useCallback(
    async (input: LoginInput): Promise<void> => {
      try {
        const response = await login({ username: input.username.trim(), password: input.password });
        if (!response?.user?._id) return;
        const user = await startSession(response);
        // The rules prompt of the navigation rules asks for acceptance when the server says so.
        navigate(user.isLogin ? '/' : '/change-password', { replace: true });
      } catch (error) {
        console.error('Login failed:', error);
      }
    },
    [navigate],
  );

  const signInDemo = useCallback(async (): Promise<void> => {
    try {
      const response = await demoLogin();
      if (!response?.user?._id) return;
      await startSession(response);
      navigate('/', { replace: true });
    } catch (error) {
      console.error('Demo login failed:', error);
    }
  }, [navigate]);

  const signOut = useCallback(
    async (to: '/' | '/login' = '/'): Promise<void> => {
      await endSession();
      navigate(to, { replace: true });
    },
    [navigate],
  );

  return { signIn, signInDemo, signOut };
}
