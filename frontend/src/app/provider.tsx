import type { ReactNode } from 'react';
import { CssBaseline, GlobalStyles } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { SnackbarProvider } from 'notistack';
import { NOTIFY_GUTTER_PX, NOTIFY_MAX, NOTIFY_MAX_WIDTH_PX } from '@/lib/notify';
import { theme } from './theme';

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

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {toastStyles}
      <SnackbarProvider
        maxSnack={NOTIFY_MAX}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        iconVariant={{ warning: <NotificationsActiveIcon fontSize="small" sx={{ mr: 1 }} /> }}
      >
        {children}
      </SnackbarProvider>
    </ThemeProvider>
  );
}
