import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { Box, useMediaQuery, useTheme } from '@mui/material';
import { Footer } from './footer';
import { Header } from './header';
import { Sidebar, SIDEBAR_WIDTH } from './sidebar';
import { useLiveNavigation } from '@/features/sports';
import { selectUser, useSession } from '@/lib/session';
import { welcomeAlreadyShown } from './welcome-flag';

const WelcomePopup = lazy(() => import('./welcome-popup'));
// The drawer (with MUI's Modal) loads on its first opening: a closed drawer renders nothing.
const Drawer = lazy(() => import('@mui/material/Drawer'));

/** Header, left sidebar (a drawer under 1200 px), page, footer. */
export function MainLayout() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [welcome] = useState(() => !welcomeAlreadyShown());
  // A user who must change the password first sees only that (the welcome waits for later).
  const mustChangePassword = useSession(selectUser)?.isLogin === false;
  const showWelcome = welcome && !mustChangePassword;
  // The sidebar tree and the ticker follow the simulator while any main page is open.
  useLiveNavigation();

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header
        onMenuClick={
          desktop
            ? undefined
            : () => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }
        }
      />
      <Box sx={{ display: 'flex', flex: 1, minWidth: 0 }}>
        {desktop ? (
          <Box
            component="nav"
            aria-label="Sidebar"
            sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
          >
            <Sidebar />
          </Box>
        ) : (
          drawerUsed && (
            <Suspense fallback={null}>
              <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
                <Box component="nav" aria-label="Sidebar" sx={{ width: SIDEBAR_WIDTH }} onClick={() => setDrawerOpen(false)}>
                  <Sidebar />
                </Box>
              </Drawer>
            </Suspense>
          )
        )}
        <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 1, md: 2 } }}>
          <Outlet />
        </Box>
      </Box>
      <Footer />
      {showWelcome && (
        <Suspense fallback={null}>
          <WelcomePopup />
        </Suspense>
      )}
    </Box>
  );
}
