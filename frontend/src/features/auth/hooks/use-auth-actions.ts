// Login, demo login and logout (spec §4). Navigation happens here so every caller behaves alike.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { LoginResponse, OtpRequired, User } from '@/types';
import type { ApiError } from '@/lib/api-client';
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

/** Where a user changes the password: operators in their console, everyone else on the site's page. */
export function passwordPathFor(user: User): string {
  return user.role.includes('operator') ? '/ops/password' : '/change-password';
}

/**
 * Ends the session here, then on the server. Local state goes first: the server's push that the
 * session ended then finds nothing to end, so signing out is never told "your session has expired".
 */
export async function endSession(): Promise<void> {
  const accessToken = sessionActions.get()?.accessToken;
  sessionActions.clear();
  useAuthStore.getState().reset();
  useAuthStore.getState().stopPolling();
  try {
    if (accessToken) await logout(accessToken);
  } catch {
    // Logging out locally does not depend on the server answering.
  }
}

/** What a sign-in attempt asks of the form next: nothing, or the authenticator code. */
export type SignInResult = { otpRequired: false } | { otpRequired: true; message: string };

/** A 401 whose data says `otpRequired`: the password was right, the second factor is missing or wrong. */
function otpPrompt(error: unknown): string | null {
  const apiError = error as ApiError | null;
  const data = apiError?.data as Partial<OtpRequired> | null | undefined;
  if (apiError?.status !== 401 || !data || data.otpRequired !== true) return null;
  return apiError.message;
}

export function useAuthActions() {
  const navigate = useNavigate();

  const signIn = useCallback(
    async (input: LoginInput): Promise<SignInResult> => {
      try {
        const credentials = { username: input.username.trim(), password: input.password };
        const response = await login(input.otp ? { ...credentials, otp: input.otp } : credentials);
        if (!response?.user?._id) return { otpRequired: false };
        const user = await startSession(response);
        // The rules prompt of the navigation rules asks for acceptance when the server says so.
        // Operators work in their console; everyone else lands on the home page.
        const home = user.role.includes('operator') ? '/ops' : '/';
        navigate(user.isLogin ? home : passwordPathFor(user), { replace: true });
      } catch (error) {
        const message = otpPrompt(error);
        if (message !== null) return { otpRequired: true, message };
        console.error('Login failed:', error);
      }
      return { otpRequired: false };
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
