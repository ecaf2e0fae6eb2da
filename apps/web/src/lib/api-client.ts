import {
  apiUrl,
  ERROR_CODES,
  extractErrorMessage,
  MESSAGES,
  type ApiQuery,
  type BanNotice,
  type RefreshResponse,
} from '@kettle/shared';
import { banOf, rememberBan } from './banned-notice';
import { getSession, logout, setTokens } from './session';

export { API_BASE } from '@kettle/shared';

/** Every failed call becomes one of these, carrying the §8 message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fieldErrors: ReadonlyArray<{ field: string; message: string }> = [],
    /** With ACCOUNT_BANNED: the ban's rule, date and appeal link. */
    readonly ban?: BanNotice,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body. */
  body?: unknown;
  /** Form-encoded body (login) or multipart (uploads). */
  form?: URLSearchParams | FormData;
  query?: ApiQuery;
  signal?: AbortSignal;
  /** Skip the bearer token and the refresh dance (login, refresh itself). */
  anonymous?: boolean;
};

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getSession().accessToken;
  if (token && !options.anonymous) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(apiUrl(path, options.query), {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    signal: options.signal,
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response);
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const fieldErrors = Array.isArray(record.errors) ? (record.errors as ApiError['fieldErrors']) : [];
  // The status text is skipped on purpose: our API always sends `detail`, and a proxy's
  // 'Bad Gateway' reads worse than the catalogue's fallback (docs/decisions/browser-errors-and-retries.md).
  return new ApiError(
    response.status,
    extractErrorMessage(body, response.status),
    typeof record.code === 'string' ? record.code : undefined,
    fieldErrors,
    banOf(body),
  );
}

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: parallel 401s wait for the same rotation instead of racing it. */
export function refreshOnce(): Promise<boolean> {
  refreshing ??= (async () => {
    const { refreshToken } = getSession();
    if (!refreshToken) return false;
    try {
      const response = await send('/auth/refresh', {
        method: 'POST',
        body: { refresh_token: refreshToken },
        anonymous: true,
      });
      if (!response.ok) return false;
      const data = (await response.json()) as RefreshResponse;
      setTokens(data.accessToken, data.refreshToken);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The response itself, signed in and checked: for a body that is a file rather than data. */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  let response = await send(path, options);
  if (response.status === 401 && !options.anonymous && getSession().accessToken) {
    const refreshed = await refreshOnce();
    if (refreshed) response = await send(path, options);
    if (!refreshed || response.status === 401) {
      logout(MESSAGES.sessionExpired);
      throw new ApiError(401, MESSAGES.sessionExpired, 'UNAUTHORIZED');
    }
  }
  if (!response.ok) {
    const error = await toApiError(response);
    // A ban decided while signed in: the session ends and the sign-in screen says why.
    if (error.ban && error.code === ERROR_CODES.accountBanned && !options.anonymous) {
      rememberBan(error.ban);
      logout();
    }
    throw error;
  }
  return response;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await readBody(await apiResponse(path, options))) as T;
}

export const api = {
  get: <T>(path: string, query?: ApiQuery, signal?: AbortSignal) => apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: ApiQuery) => apiRequest<T>(path, { method: 'POST', body, query }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'DELETE', body }),
};
