// notistack's provider, in its own chunk: mounted by the toast host in provider.tsx when the first
// toast is asked for (lib/notify.ts), then handed to `notify`. Limits and icons of spec §9.
import { useEffect } from 'react';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { NOTIFY_MAX, toastHost } from '@/lib/notify';

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
    <SnackbarProvider
      maxSnack={NOTIFY_MAX}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      iconVariant={{ warning: <NotificationsActiveIcon fontSize="small" sx={{ mr: 1 }} /> }}
    />
  );
}
