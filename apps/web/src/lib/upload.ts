import { MESSAGES } from '@kettle/shared';
import { API_BASE, ApiError, refreshOnce, toApiError } from './api-client';
import { getSession, logout } from './session';

/**
 * Where a multipart upload is: bytes still going out ('uploading'), or every byte sent and the
 * server working on them ('processing': for photos, decoding and re-encoding each one).
 */
export type UploadProgress = { phase: 'uploading' | 'processing'; loaded: number; total: number };

export type UploadOptions = { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal };

/** What a cancelled upload rejects with, as fetch does on abort. */
export const isAbortError = (error: unknown): boolean => error instanceof DOMException && error.name === 'AbortError';

type Answer = { status: number; text: string };

/** One POST through XMLHttpRequest: fetch reports no upload progress, XHR's `upload` does. */
function sendOnce(path: string, form: FormData, { onProgress, signal }: UploadOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    let total = 0;
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getSession().accessToken;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      total = event.total;
      onProgress?.({ phase: 'uploading', loaded: event.loaded, total });
    };
    xhr.upload.onload = () => onProgress?.({ phase: 'processing', loaded: total, total });
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

const toError = (answer: Answer): Promise<ApiError> => toApiError(new Response(answer.text, { status: answer.status }));

/**
 * POSTs a multipart form with progress, answering the parsed body; failures are ApiErrors as with
 * apiRequest, including its one token refresh on a 401 (which sends the form again).
 */
export async function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  let answer = await sendOnce(path, form, options);
  if (answer.status === 401 && getSession().accessToken) {
    const refreshed = await refreshOnce();
    if (refreshed) answer = await sendOnce(path, form, options);
    if (!refreshed || answer.status === 401) {
      logout(MESSAGES.sessionExpired);
      throw new ApiError(401, MESSAGES.sessionExpired, 'UNAUTHORIZED');
    }
  }
  if (answer.status < 200 || answer.status >= 300) throw await toError(answer);
  return (answer.text ? JSON.parse(answer.text) : undefined) as T;
}
