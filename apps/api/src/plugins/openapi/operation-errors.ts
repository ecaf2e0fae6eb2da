import type { ErrorStatus } from './route-docs.js';

export type Access = 'public' | 'optional' | 'signed-in' | 'admin' | 'stream-token';

/** What the document says each error status means, whatever the operation. */
export const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Malformed request (bad JSON, an unreadable URL)',
  401: 'Missing, expired or invalid access token',
  402: 'Not enough Tea Coins',
  403: 'Not allowed (not an admin, account deactivated, or email not verified)',
  404: 'Not found, or not visible to the caller',
  409: 'Conflicts with the current state',
  410: 'Gone (the link or session has ended)',
  413: 'Body or file too large',
  415: 'Unsupported media type',
  422: 'Validation failed (or a NUL byte in any text): `errors` lists each field and its message',
  429: 'Too many requests: wait and retry',
  503: 'A service it depends on is not answering',
};

type Shape = { access: Access; hasPathParams: boolean; hasBody: boolean };

/**
 * The errors every operation of a given shape can answer, so routes declare only the rest:
 * any request can be malformed (400) or carry a NUL byte in its query (422, the NUL guard runs on
 * every route); input can fail validation (422); a path names something
 * that may not exist (404); a token can be wrong (401) and an account deactivated (403).
 */
export function impliedErrors(shape: Shape): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400, 422];
  if (shape.hasBody) statuses.push(413, 415);
  if (shape.hasPathParams) statuses.push(404);
  if (shape.access !== 'public') statuses.push(401, 403);
  return statuses;
}
