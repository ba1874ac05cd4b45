import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { CssBaseline, GlobalStyles } from '@mui/material';
// MUI's own ThemeProvider hands a theme without CSS variables (ours) to this system provider, but
// it also imports the CSS-variables provider (colour-scheme script, storage manager), about 3 KiB
// gzipped that the shell never runs. There is no outer theme, so nothing else differs.
import { ThemeProvider } from '@mui/system';
import { NOTIFY_GUTTER_PX, NOTIFY_MAX_WIDTH_PX, toastHost } from '@/lib/notify';
import { theme } from './theme';

const ToastProvider = lazy(() => import('./toast-provider'));

// Spec §9: success green, error red, loading blue, custom amber with a bell; width and gutter.
const toastStyles = (
  <GlobalStyles
    styles={{
      '.notistack-SnackbarContainer': { gap: NOTIFY_GUTTER_PX },
      '.notistack-SnackbarContainer > div': { marginTop: 0, marginBottom: 0 },
      '.notistack-MuiContent': { maxWidth: NOTIFY_MAX_WIDTH_PX },
      '.notistack-MuiContent-success': { backgroundColor: '#2e7d32 !important' },
      '.notistack-MuiContent-error': { backgroundColor: '#c62828 !important' },
      '.notistack-MuiContent-info': { backgroundColor: '#1565c0 !important' },
      '.notistack-MuiContent-warning': { backgroundColor: '#ffb300 !important', color: '#1a1200 !important' },
    }}
  />
);

/** Mounts notistack once the first toast is asked for, keeping it out of the first page load. */
function ToastHost() {
  const wanted = useSyncExternalStore(toastHost.subscribe, toastHost.wanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastProvider />
    </Suspense>
  );
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {toastStyles}
      {children}
      <ToastHost />
    </ThemeProvider>
  );
}
