// notistack's provider, in its own chunk: mounted by the toast host in provider.tsx when the first
// toast is asked for (lib/notify.ts), then handed to `notify`. Limits and icons of spec §9.
import { useEffect } from 'react';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { GlobalStyles } from '@mui/material';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { NOTIFY_MAX, toastHost } from '@/lib/notify';

const BELOW_HEADER = 'exchange-toasts-below-header';
/** The header's height (app/layout/header.tsx, its toolbar's `minHeight`). */
const HEADER_HEIGHT_PX = 56;

export default function ToastProvider() {
  useEffect(() => {
    // notistack's functions are bound to the mounted provider; read them at each call.
    toastHost.attach({
      enqueue: (message, options) => enqueueSnackbar(message, options),
      close: (key) => closeSnackbar(key),
    });
    return () => toastHost.attach(null);
  }, []);
  return (
    <>
      {/* Top right, but below the header (56 px): never over the balance and exposure. */}
      <GlobalStyles styles={{ [`.${BELOW_HEADER}`]: { top: `${HEADER_HEIGHT_PX + 4}px !important` } }} />
      <SnackbarProvider
        maxSnack={NOTIFY_MAX}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        classes={{ containerAnchorOriginTopRight: BELOW_HEADER }}
        iconVariant={{ warning: <NotificationsActiveIcon fontSize="small" sx={{ mr: 1 }} /> }}
      />
    </>
  );
}
