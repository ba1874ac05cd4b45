import { vi } from 'vitest';

// notify keeps module state (the attached toaster), so each test loads a fresh copy.
async function freshNotify() {
  vi.resetModules();
  return import('../notify');
}

describe('notify', () => {
  it('asks for notistack with the first toast and shows the toasts asked for meanwhile, in order', async () => {
    const { notify, toastHost } = await freshNotify();
    const onWanted = vi.fn();
    toastHost.subscribe(onWanted);
    expect(toastHost.wanted()).toBe(false);

    const errorKey = notify.error('Odds changed');
    const loadingKey = notify.loading();
    notify.dismiss(loadingKey);
    expect(toastHost.wanted()).toBe(true);
    expect(onWanted).toHaveBeenCalledTimes(1);

    const enqueue = vi.fn((_message: string, options: { key?: string | number }) => options.key ?? '');
    const close = vi.fn();
    toastHost.attach({ enqueue, close });
    expect(enqueue.mock.calls.map(([message, options]) => [message, options.key])).toEqual([
      ['Odds changed', errorKey],
      ['Loading...', loadingKey],
    ]);
    expect(enqueue.mock.calls[0]?.[1]).toMatchObject({ variant: 'error', autoHideDuration: 6000 });
    expect(close).toHaveBeenCalledWith(loadingKey);

    notify.success('Bet placed successfully');
    expect(enqueue).toHaveBeenLastCalledWith('Bet placed successfully', expect.objectContaining({ variant: 'success' }));
  });

  it('does not stack the same toast twice while it shows, and shows it again once it is gone', async () => {
    const { notify, toastHost } = await freshNotify();
    const enqueue = vi.fn((_message: string, options: { key?: string | number }) => options.key ?? '');
    toastHost.attach({ enqueue, close: vi.fn() });
    const first = notify.error('Odds changed');
    expect(notify.error('Odds changed')).toBe(first);
    notify.success('Odds changed');
    expect(enqueue).toHaveBeenCalledTimes(2);
    const exited = enqueue.mock.calls[0]?.[1] as { onExited?: () => void };
    exited.onExited?.();
    expect(notify.error('Odds changed')).not.toBe(first);
    expect(enqueue).toHaveBeenCalledTimes(3);
  });

  it('does not load notistack to dismiss when no toast was ever shown', async () => {
    const { notify, toastHost } = await freshNotify();
    notify.dismiss();
    expect(toastHost.wanted()).toBe(false);
  });
});
