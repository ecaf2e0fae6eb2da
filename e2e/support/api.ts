import { randomBytes } from 'node:crypto';
import { baseURL } from './env';
import type { InMemoryFile } from './images';
import type { TestUser } from './users';

/**
 * Shortcuts through the real API (/api/v1) for set-up and for checks the screens do not show
 * precisely (an exact balance). The journeys under test still go through the UI.
 */

const TIMEOUT_MS = 15_000;

/** The bits of GET /api/v1/auth/me the tests read. */
export type Me = { id: string; username: string; email: string; is_admin: boolean; coin_balance: number };

/** The bits of a post (OwnPost) the tests read. */
export type ApiPost = {
  id: string;
  title: string;
  content: string;
  status: 'pending' | 'approved' | 'rejected';
  rejection_reason: string | null;
  tagged_handle: string;
  image_urls: string[];
};

export type NamedItem = { id: string; name: string };

/** The fields of a tea, as the submit form and POST /api/v1/posts/ take them. */
export type TeaDraft = {
  title: string;
  content: string;
  tagged_handle: string;
  evidence_link: string;
};

const hex = (bytes: number): string => randomBytes(bytes).toString('hex');

/**
 * A tea nobody has submitted yet. The handle is unique too: the API allows only 3 teas about
 * one handle a day.
 */
export function makeTea(label = 'E2E tea'): TeaDraft {
  const tag = hex(4);
  return {
    title: `${label} ${tag}`,
    content: `The kettle at number ${tag} whistles all night long, and everyone on the street knows why.`,
    tagged_handle: `@e2e_${tag}`,
    evidence_link: `https://example.com/evidence/${tag}`,
  };
}

async function call(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const { token, headers, ...rest } = init;
  return fetch(`${baseURL()}/api/v1${path}`, {
    ...rest,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

async function json<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** POST /api/v1/auth/login (form-encoded, `username` holds the email); returns the access token. */
export async function apiLogin(user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  const response = await call('/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: user.email, password: user.password }).toString(),
  });
  return (await json<{ access_token: string }>(response, 'POST /api/v1/auth/login')).access_token;
}

/** GET /api/v1/auth/me. */
export async function apiMe(token: string): Promise<Me> {
  return json<Me>(await call('/auth/me', { token }), 'GET /api/v1/auth/me');
}

/** GET /api/v1/categories/ (public). */
export async function apiCategories(): Promise<NamedItem[]> {
  return (await json<{ data: NamedItem[] }>(await call('/categories/'), 'GET /api/v1/categories/')).data;
}

/** GET /api/v1/states/ (public). */
export async function apiStates(): Promise<Array<NamedItem & { code: string }>> {
  return (await json<{ data: Array<NamedItem & { code: string }> }>(await call('/states/'), 'GET /api/v1/states/'))
    .data;
}

/** Where a tea is filed: a category id and a state id. */
export type Taxonomy = { category_id: string; state_id: string };

/** The first seeded category and state, for teas made through the API. */
async function someTaxonomy(): Promise<Taxonomy> {
  const [categories, states] = await Promise.all([apiCategories(), apiStates()]);
  const category = categories[0];
  const state = states[0];
  if (!category || !state) throw new Error('The server has no categories or no states to file a tea under');
  return { category_id: category.id, state_id: state.id };
}

/**
 * POST /api/v1/posts/: a tea (25 coins), as JSON, or as multipart when there are images.
 */
export async function apiCreateTea(
  token: string,
  tea: TeaDraft,
  images: readonly InMemoryFile[] = [],
  taxonomy?: Taxonomy,
): Promise<ApiPost> {
  // The first-hand attestation the form asks for: the text "true" reads the same as JSON and multipart.
  const fields = { ...tea, ...(taxonomy ?? (await someTaxonomy())), bounty: '0', attested: 'true' };
  let init: RequestInit;
  if (images.length === 0) {
    init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fields) };
  } else {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    for (const image of images) {
      form.append('images', new Blob([new Uint8Array(image.buffer)], { type: image.mimeType }), image.name);
    }
    init = { method: 'POST', body: form };
  }
  return json<ApiPost>(await call('/posts/', { ...init, token }), 'POST /api/v1/posts/');
}

/** GET /api/v1/posts/admin/{id} (admin token). */
export async function apiAdminPost(adminToken: string, id: string): Promise<ApiPost> {
  return json<ApiPost>(
    await call(`/posts/admin/${encodeURIComponent(id)}`, { token: adminToken }),
    'GET /api/v1/posts/admin/{id}',
  );
}

/** PUT /api/v1/posts/admin/{id}/status (admin token): e.g. approve a pending tea. */
export async function apiSetPostStatus(
  adminToken: string,
  id: string,
  status: ApiPost['status'],
  reason?: string,
): Promise<ApiPost> {
  return json<ApiPost>(
    await call(`/posts/admin/${encodeURIComponent(id)}/status`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(reason === undefined ? { status } : { status, reason }),
      token: adminToken,
    }),
    'PUT /api/v1/posts/admin/{id}/status',
  );
}

/** POST /api/v1/posts/reversal (JSON, 20 coins): a reversal of `originalId` by the token's user. */
export async function apiCreateReversal(
  token: string,
  tea: TeaDraft,
  originalId: string,
  taxonomy?: Taxonomy,
): Promise<ApiPost> {
  const fields = {
    ...tea,
    ...(taxonomy ?? (await someTaxonomy())),
    bounty: '0',
    attested: 'true',
    original_post_id: originalId,
  };
  return json<ApiPost>(
    await call('/posts/reversal', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(fields),
      token,
    }),
    'POST /api/v1/posts/reversal',
  );
}

/** POST /api/v1/users/admin/{id}/add-coins (admin token). */
export async function apiAddCoins(adminToken: string, userId: string, coins: number): Promise<void> {
  await json<unknown>(
    await call(`/users/admin/${encodeURIComponent(userId)}/add-coins`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ coins_to_add: coins, reason: 'e2e set-up' }),
      token: adminToken,
    }),
    'POST /api/v1/users/admin/{id}/add-coins',
  );
}

/** PUT /api/v1/admin/users/{id} (admin token): make the account an admin, or a member again. */
export async function apiSetAdmin(adminToken: string, userId: string, isAdmin: boolean): Promise<void> {
  await json<unknown>(
    await call(`/admin/users/${encodeURIComponent(userId)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ is_admin: isAdmin }),
      token: adminToken,
    }),
    'PUT /api/v1/admin/users/{id}',
  );
}

/** POST /api/v1/posts/{id}/unlock; returns the new balance. */
export async function apiUnlock(token: string, id: string): Promise<number> {
  const body = await json<{ coin_balance: number }>(
    await call(`/posts/${encodeURIComponent(id)}/unlock`, { method: 'POST', token }),
    'POST /api/v1/posts/{id}/unlock',
  );
  return body.coin_balance;
}
