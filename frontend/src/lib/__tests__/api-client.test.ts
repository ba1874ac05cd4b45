import { vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { createFakeFetch, envelope, failure } from '@/testing/fake-fetch';
import { apiAllPages, apiData, apiRequest, denyAccess, MESSAGES, setFetch, setSessionEndHandler } from '../api-client';
import { notify } from '../notify';
import { decryptPayload, encryptPayload } from '../payload-crypto';
import { sessionActions } from '../session';

vi.mock('../notify', () => ({
  notify: { error: vi.fn(), success: vi.fn(), loading: vi.fn(), custom: vi.fn(), dismiss: vi.fn() },
}));

const user = makeUser();

describe('api client', () => {
  let fake: ReturnType<typeof createFakeFetch>;
  let ended: string[];

  beforeEach(() => {
    fake = createFakeFetch();
    setFetch(fake.fetch);
    ended = [];
    setSessionEndHandler((path) => ended.push(path));
    sessionActions.set({ accessToken: 'access-1', refreshToken: 'refresh-1', user });
    vi.mocked(notify.error).mockClear();
  });

  it('sends JSON with the bearer token and no client-chosen address header', async () => {
    fake.on('GET', '/api/users', { status: 200, body: envelope(user) });
    await expect(apiData('/users')).resolves.toEqual(user);
    const [call] = fake.calls;
    expect(call?.headers).toMatchObject({
      Authorization: 'Bearer access-1',
      'Content-Type': 'application/json',
    });
    expect(Object.keys(call?.headers ?? {})).not.toContain('X-Client-IP');
  });

  it('reads a paged list page after page until its total, keeping the query, at most pagesMax pages', async () => {
    const page = (rows: number[], total: number) => ({ status: 200, body: { ...envelope(rows), total } });
    fake.on('GET', '/api/rows', page([1, 2], 5), page([3, 4], 5), page([5], 5));
    await expect(apiAllPages<number>('/rows', { query: { type: 'casino' } }, 2, 10)).resolves.toEqual([1, 2, 3, 4, 5]);
    const asked = fake.callsTo('/api/rows').map((call) => new URL(call.url, 'http://x').searchParams);
    expect(asked.map((q) => [q.get('type'), q.get('page'), q.get('limit')])).toEqual([
      ['casino', '1', '2'],
      ['casino', '2', '2'],
      ['casino', '3', '2'],
    ]);
    fake.on('GET', '/api/capped', page([1, 2], 9), page([3, 4], 9), page([5, 6], 9));
    await expect(apiAllPages<number>('/capped', {}, 2, 2)).resolves.toEqual([1, 2, 3, 4]);
    expect(fake.callsTo('/api/capped')).toHaveLength(2);
  });

  it('sends back the newest ledger event an answer reflected, so an edge node waits for it', async () => {
    fake
      .on('POST', '/api/bet/place', { status: 200, body: envelope({}), headers: { 'X-Ledger-Seq': '41' } })
      .on('GET', '/api/users', { status: 200, body: envelope(user), headers: { 'X-Ledger-Seq': '7' } });
    await apiRequest('/bet/place', { method: 'POST', body: {} });
    await apiData('/users');
    await apiData('/users');
    expect(fake.callsTo('/users').map((c) => c.headers['X-Ledger-Seq'])).toEqual(['41', '41']);
  });

  it('on a 401 refreshes once, stores the new tokens and retries once', async () => {
    fake
      .on('GET', '/api/users', { status: 401, body: failure('Token expired') }, { status: 200, body: envelope(user) })
      .on('GET', '/api/auth/refresh/login', { status: 200, body: envelope({ accessToken: 'access-2', refreshToken: 'refresh-2' }) });
    await expect(apiData('/users')).resolves.toEqual(user);
    expect(fake.callsTo('/auth/refresh/login')[0]?.headers.Authorization).toBe('Bearer refresh-1');
    expect(fake.callsTo('/users').map((c) => c.headers.Authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(sessionActions.get()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s', async () => {
    fake
      .on('GET', '/api/a', { status: 401 }, { status: 200, body: envelope('a') })
      .on('GET', '/api/b', { status: 401 }, { status: 200, body: envelope('b') })
      .on('GET', '/api/auth/refresh/login', { status: 200, body: envelope({ accessToken: 'access-2', refreshToken: 'refresh-2' }) });
    await expect(Promise.all([apiData('/a'), apiData('/b')])).resolves.toEqual(['a', 'b']);
    expect(fake.callsTo('/auth/refresh/login')).toHaveLength(1);
  });

  it('when the refresh fails, shows its message, clears the session and goes home', async () => {
    fake
      .on('GET', '/api/users', { status: 401 })
      .on('GET', '/api/auth/refresh/login', { status: 401, body: failure('Refresh token revoked') });
    await expect(apiData('/users')).resolves.toBeUndefined();
    expect(notify.error).toHaveBeenCalledWith('Refresh token revoked');
    expect(sessionActions.get()).toBeNull();
    expect(ended).toEqual(['/']);
  });

  it('when the refresh fails without a message, uses the spec fallback', async () => {
    fake.on('GET', '/api/users', { status: 401 }).on('GET', '/api/auth/refresh/login', new TypeError('network'));
    await expect(apiData('/users')).resolves.toBeUndefined();
    expect(notify.error).toHaveBeenCalledWith(MESSAGES.refreshFailed);
    expect(ended).toEqual(['/']);
  });

  it('without a refresh token, removes the stored token and goes home', async () => {
    sessionActions.set({ accessToken: 'access-1', refreshToken: '', user });
    fake.on('GET', '/api/users', { status: 401 });
    await expect(apiData('/users')).resolves.toBeUndefined();
    expect(fake.callsTo('/auth/refresh/login')).toHaveLength(0);
    expect(sessionActions.get()).toBeNull();
    expect(ended).toEqual(['/']);
  });

  it('a 401 on the retried request shows a toast and returns nothing', async () => {
    fake
      .on('GET', '/api/users', { status: 401 }, { status: 401, body: failure('Still not allowed') })
      .on('GET', '/api/auth/refresh/login', { status: 200, body: envelope({ accessToken: 'access-2', refreshToken: 'refresh-2' }) });
    await expect(apiData('/users')).resolves.toBeUndefined();
    expect(notify.error).toHaveBeenCalledWith('Still not allowed');
    expect(fake.callsTo('/users')).toHaveLength(2);
  });

  it('a 401 on the retry without a message uses the spec fallback', async () => {
    fake
      .on('GET', '/api/users', { status: 401 })
      .on('GET', '/api/auth/refresh/login', { status: 200, body: envelope({ accessToken: 'access-2', refreshToken: 'refresh-2' }) });
    await expect(apiData('/users')).resolves.toBeUndefined();
    expect(notify.error).toHaveBeenCalledWith(MESSAGES.retryUnauthorized);
  });

  it('the session-expired message logs out with that toast', async () => {
    fake.on('GET', '/api/users', { status: 403, body: failure(MESSAGES.sessionExpired) });
    await expect(apiData('/users')).resolves.toBeUndefined();
    expect(notify.error).toHaveBeenCalledWith(MESSAGES.sessionExpired);
    expect(sessionActions.get()).toBeNull();
    expect(ended).toEqual(['/']);
  });

  it('rethrows the server data on other failures', async () => {
    fake.on('POST', '/api/users/change-password', { status: 422, body: failure('Current password is incorrect') });
    await expect(apiRequest('/users/change-password', { method: 'POST', body: {} })).rejects.toMatchObject({
      success: false,
      message: 'Current password is incorrect',
      status: 422,
    });
  });

  it('rethrows {message: Something went wrong} when there is no server data', async () => {
    fake.on('GET', '/api/users', new TypeError('Failed to fetch'));
    await expect(apiData('/users')).rejects.toEqual({ message: 'Something went wrong' });
    fake.on('GET', '/api/other', { status: 500 });
    await expect(apiData('/other')).rejects.toEqual({ message: 'Something went wrong', status: 500 });
  });

  it('never refreshes for login (no retry)', async () => {
    fake.on('POST', '/api/auth/login', { status: 401, body: failure('Invalid username or password') });
    await expect(
      apiRequest('/auth/login', { method: 'POST', body: { username: 'x', password: 'y' }, skipAuth: true, noRetry: true }),
    ).rejects.toMatchObject({ message: 'Invalid username or password', status: 401 });
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('encrypts the request body and decrypts the response Payload', async () => {
    fake.on('POST', '/api/secret', { status: 200, body: encryptPayload(envelope({ ok: true })) });
    await expect(apiData('/secret', { method: 'POST', body: { a: 1 }, encrypted: true })).resolves.toEqual({ ok: true });
    const sent = fake.calls[0]?.body as { Payload: string };
    expect(decryptPayload(sent.Payload)).toEqual({ a: 1 });
  });

  it('a denied user fetch shows the server message or the fallback and goes to /404', () => {
    denyAccess({ message: 'Something went wrong', status: 403 });
    expect(notify.error).toHaveBeenCalledWith(MESSAGES.forbidden);
    denyAccess({ message: 'Role not allowed', status: 403 });
    expect(notify.error).toHaveBeenCalledWith('Role not allowed');
    expect(ended).toEqual(['/404', '/404']);
  });
});
