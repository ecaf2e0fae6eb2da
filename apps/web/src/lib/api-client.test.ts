import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing';
import { api, ApiError } from './api-client';
import { getSession, onLogout, setTokens } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends the bearer token and omits empty query values', async () => {
    setTokens('access-1', 'refresh-1');
    const fetchMock = vi.fn(async () => json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/things', { search: '', page: 2, state: undefined });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/things?page=2');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer access-1');
  });

  it('turns an error body into an ApiError with the §8 message, code and field errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ detail: 'Taken.', code: 'CONFLICT', errors: [{ field: 'email', message: 'Taken.' }] }, 409),
      ),
    );
    const error = await api.post('/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'Taken.',
      code: 'CONFLICT',
      fieldErrors: [{ field: 'email', message: 'Taken.' }],
    });
  });

  it('falls back to the status text of the catalogue when the body says nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 403 })),
    );
    await expect(api.get('/x')).rejects.toThrow("You don't have permission to perform this action.");
  });

  it('refreshes once on 401, stores the rotated tokens and retries', async () => {
    setTokens('old-access', 'old-refresh');
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json({ detail: 'expired' }, 401))
      .mockResolvedValueOnce(json({ accessToken: 'new-access', refreshToken: 'new-refresh' }))
      .mockResolvedValueOnce(json({ value: 42 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get<{ value: number }>('/me')).resolves.toEqual({ value: 42 });
    expect(getSession()).toEqual({ accessToken: 'new-access', refreshToken: 'new-refresh' });
    const refreshCall = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(refreshCall[0]).toBe('/api/v1/auth/refresh');
    expect(JSON.parse(String(refreshCall[1].body))).toEqual({ refresh_token: 'old-refresh' });
    const retry = fetchMock.mock.calls[2] as unknown as [string, RequestInit];
    expect(new Headers(retry[1].headers).get('Authorization')).toBe('Bearer new-access');
  });

  it('logs out with the session-expired message when the refresh fails', async () => {
    setTokens('old-access', 'old-refresh');
    const reasons: Array<string | undefined> = [];
    const stop = onLogout((reason) => reasons.push(reason));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(json({}, 401)).mockResolvedValueOnce(json({}, 401)));
    await expect(api.get('/me')).rejects.toThrow('Your session has expired. Please log in again.');
    expect(reasons).toEqual(['Your session has expired. Please log in again.']);
    expect(getSession()).toEqual({ accessToken: null, refreshToken: null });
    stop();
  });

  it('shares one refresh between parallel 401s', async () => {
    setTokens('old-access', 'old-refresh');
    let refreshes = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/v1/auth/refresh') {
          refreshes += 1;
          return json({ accessToken: 'fresh', refreshToken: 'fresh-r' });
        }
        return new Headers(init.headers).get('Authorization') === 'Bearer fresh' ? json({ ok: 1 }) : json({}, 401);
      }),
    );
    await Promise.all([api.get('/a'), api.get('/b'), api.get('/c')]);
    expect(refreshes).toBe(1);
  });
});
