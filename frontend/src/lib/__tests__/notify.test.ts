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

  it('does not load notistack to dismiss when no toast was ever shown', async () => {
    const { notify, toastHost } = await freshNotify();
    notify.dismiss();
    expect(toastHost.wanted()).toBe(false);
  });
});
