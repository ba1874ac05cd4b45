// Around every route: the site config, the live user, where the API client sends a user whose
// session ended, and the navigation rules of spec §4.
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Box, LinearProgress } from '@mui/material';
import { setSessionEndHandler } from '@/lib/api-client';
import { selectUser, useSession } from '@/lib/session';
import { passwordPathFor, useLiveUser } from '@/features/auth';
import { SiteConfigError, selectSiteConfigStatus, useSiteConfigStore } from '@/features/site-config';

import { TestModeBanner } from './test-mode-banner';

const RulesPrompt = lazy(() => import('./rules-prompt'));

const EXEMPT_PATHS = new Set(['/login', '/register', '/404', '/change-password', '/ops/password']);

export function RootShell() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useSession(selectUser);
  const status = useSiteConfigStore(selectSiteConfigStatus);
  const load = useSiteConfigStore((state) => state.load);

  useLiveUser();

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    setSessionEndHandler((path) => navigate(path, { replace: true }));
  }, [navigate]);

  // A new page opens at its top, not at the scroll of the page the link was on (the casino page's
  // View All used to open the results scrolled to their empty bottom).
  useEffect(() => {
    (document.scrollingElement ?? document.documentElement).scrollTop = 0;
  }, [pathname]);

  if (status === 'error') return <SiteConfigError />;
  if (status !== 'ready') {
    return (
      <Box sx={{ minHeight: '100vh' }}>
        <LinearProgress aria-label="Loading site" />
      </Box>
    );
  }

  // A user who must change the password goes nowhere else first.
  if (user && user.isLogin === false && pathname !== passwordPathFor(user) && !['/login', '/register', '/404'].includes(pathname)) {
    return <Navigate to={passwordPathFor(user)} replace />;
  }
  // The betting rules are the site's; the operators' console does not ask for them.
  const showRules = Boolean(user && user.isLogin && user.isAcceptRules === false && !EXEMPT_PATHS.has(pathname) && !pathname.startsWith('/ops'));

  return (
    <>
      <TestModeBanner />
      <Outlet />
      {showRules && user && (
        <Suspense fallback={null}>
          <RulesPrompt userId={user._id} />
        </Suspense>
      )}
    </>
  );
}
