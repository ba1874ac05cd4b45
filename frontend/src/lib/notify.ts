// The one wrapper around notistack: durations of spec §9 per kind. The provider side (limits,
// width, gutter, colours, icons) is in app/provider.tsx.
import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';

export const NOTIFY_DURATION_MS = { success: 4000, error: 6000, custom: 5000 } as const;
export const NOTIFY_MAX = 20;
export const NOTIFY_MAX_WIDTH_PX = 350;
export const NOTIFY_GUTTER_PX = 8;

export const notify = {
  success(message = 'Success!'): SnackbarKey {
    return enqueueSnackbar(message, { variant: 'success', autoHideDuration: NOTIFY_DURATION_MS.success });
  },
  error(message = 'Something went wrong'): SnackbarKey {
    return enqueueSnackbar(message, { variant: 'error', autoHideDuration: NOTIFY_DURATION_MS.error });
  },
  /** Stays until dismissed with the returned key. */
  loading(message = 'Loading...'): SnackbarKey {
    return enqueueSnackbar(message, { variant: 'info', persist: true });
  },
  /** The amber toast with a bell icon. */
  custom(message: string): SnackbarKey {
    return enqueueSnackbar(message, { variant: 'warning', autoHideDuration: NOTIFY_DURATION_MS.custom });
  },
  dismiss(key?: SnackbarKey): void {
    closeSnackbar(key);
  },
};
