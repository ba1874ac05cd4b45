// The one wrapper around notistack: durations of spec §9 per kind. The provider side (limits,
// width, gutter, colours, icons) is in app/toast-provider.tsx.
//
// notistack loads with the first toast, not with the page: the first call asks the app's toast
// host (`toastHost`) to mount the provider, and the toasts asked for until it is mounted show in
// order as soon as it is. Keys are ours, so `loading` can hand one back at once.
import type { OptionsObject, SnackbarKey } from 'notistack';

export const NOTIFY_DURATION_MS = { success: 4000, error: 6000, custom: 5000 } as const;
export const NOTIFY_MAX = 20;
export const NOTIFY_MAX_WIDTH_PX = 350;
export const NOTIFY_GUTTER_PX = 8;
/** Calls kept while notistack loads; more than a screenful of toasts would not be read anyway. */
const NOTIFY_PENDING_MAX = NOTIFY_MAX;

/** notistack's functions, handed over by the mounted provider. */
export type Toaster = {
  enqueue: (message: string, options: OptionsObject) => SnackbarKey;
  close: (key?: SnackbarKey) => void;
};

let toaster: Toaster | null = null;
let pending: ((toaster: Toaster) => void)[] = [];
let wanted = false;
let lastKey = 0;
const listeners = new Set<() => void>();

/** For the app's toast host: whether a toast has been asked for yet, and notistack's handover. */
export const toastHost = {
  wanted: (): boolean => wanted,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  attach(next: Toaster | null): void {
    toaster = next;
    if (!next) return;
    const queued = pending;
    pending = [];
    for (const run of queued) run(next);
  },
};

function withToaster(run: (toaster: Toaster) => void): void {
  if (toaster) {
    run(toaster);
    return;
  }
  if (pending.length >= NOTIFY_PENDING_MAX) pending.shift();
  pending.push(run);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

/** The toasts on screen by kind and text: asked again while one shows, it is not stacked twice. */
const showing = new Map<string, SnackbarKey>();

function show(message: string, options: OptionsObject): SnackbarKey {
  // A loading toast belongs to its caller, who dismisses it by its key: never shared.
  const same = `${String(options.variant)}\u0000${message}`;
  const shown = options.persist ? undefined : showing.get(same);
  if (shown !== undefined) return shown;
  lastKey += 1;
  const key = `notify-${lastKey}`;
  if (!options.persist) showing.set(same, key);
  const onExited = () => {
    if (showing.get(same) === key) showing.delete(same);
  };
  withToaster((current) => current.enqueue(message, { ...options, key, onExited }));
  return key;
}

export const notify = {
  success(message = 'Success!'): SnackbarKey {
    return show(message, { variant: 'success', autoHideDuration: NOTIFY_DURATION_MS.success });
  },
  error(message = 'Something went wrong'): SnackbarKey {
    return show(message, { variant: 'error', autoHideDuration: NOTIFY_DURATION_MS.error });
  },
  /** Stays until dismissed with the returned key. */
  loading(message = 'Loading...'): SnackbarKey {
    return show(message, { variant: 'info', persist: true });
  },
  /** The amber toast with a bell icon. */
  custom(message: string): SnackbarKey {
    return show(message, { variant: 'warning', autoHideDuration: NOTIFY_DURATION_MS.custom });
  },
  dismiss(key?: SnackbarKey): void {
    // Before any toast there is nothing to close, and no reason to load notistack.
    if (!wanted) return;
    withToaster((current) => current.close(key));
  },
};
