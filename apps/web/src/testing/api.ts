import { vi } from 'vitest';

/** A JSON response as the API sends it; a 204 has no body. */
export const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** One request the app made through the stubbed fetch. */
export type ApiCall = {
  method: string;
  /** The path under /api/v1, without the query: '/payments/plans'. */
  path: string;
  url: URL;
  /** The parsed JSON body, when the body is a string. */
  body: unknown;
};

/** Answers a call, or returns undefined to leave it to the next answer (and in the end a 404). */
export type ApiHandler = (
  call: ApiCall,
  init: RequestInit | undefined,
) => Response | Promise<Response | undefined> | undefined;

/** One handler per 'METHOD /path' under /api/v1 (e.g. 'GET /payments/plans'). */
export type ApiRoutes = Record<string, ApiHandler>;

export type StubApiOptions = {
  /** Answers GET /auth/me when no route does: the signed-in user. */
  user?: unknown;
};

/**
 * Stubs the global fetch with a fake API: `routes` (a 'METHOD /path' map, or handlers tried in
 * order) answer first, then GET /auth/me answers `user` when given, and anything else is a 404.
 * Returns the recorded calls (in order) and the fetch mock.
 */
export function stubApi(routes: ApiRoutes | ApiHandler | ApiHandler[] = {}, { user }: StubApiOptions = {}) {
  const calls: ApiCall[] = [];
  const handlers: ApiHandler[] =
    typeof routes === 'function'
      ? [routes]
      : Array.isArray(routes)
        ? routes
        : [(call, init) => routes[`${call.method} ${call.path}`]?.(call, init)];
  const fetchMock = vi.fn(async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input, window.location.origin);
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1/, ''),
      url,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    for (const handler of handlers) {
      const response = await handler(call, init);
      if (response) return response;
    }
    if (user !== undefined && call.method === 'GET' && call.path === '/auth/me') return json(user);
    return json({ detail: `No stub for ${call.method} ${call.path}`, code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A handler for one method and path under /api/v1 (the query aside). */
export const route =
  (method: string, path: string, respond: ApiHandler): ApiHandler =>
  (call, init) =>
    call.method === method && call.path === path ? respond(call, init) : undefined;

/** The recorded calls to one 'METHOD /path'. */
export const callsTo = (calls: ApiCall[], key: string) => calls.filter((call) => `${call.method} ${call.path}` === key);

/** A response the test releases when it wants, to look at the pending state. */
export function deferred(): { promise: Promise<Response>; resolve: (response: Response) => void } {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
